import { UserPlus } from "lucide-react";
import { useCallback, useEffect, useId, useState } from "react";
import { usePageTitle } from "../../components/site/usePageTitle.ts";
import { Button, SearchField } from "../../components/ui/form.tsx";
import { InviteParentDialog } from "./components/InviteParentDialog.tsx";
import { ParentAccounts } from "./components/ParentAccounts.tsx";
import { ParentInvitations, type InvitationStatus } from "./components/ParentInvitations.tsx";

/** Milliseconds of quiet typing before the search applies. */
const SEARCH_DEBOUNCE_MS = 300;

/** `/school-admin/parents`: the parents of the admin's own school and their invitations. */
export default function ParentsPage() {
  usePageTitle("Parents · SchoolRide");
  const searchId = useId();
  const [inviteOpen, setInviteOpen] = useState(false);
  const [searchInput, setSearchInput] = useState("");
  const [search, setSearch] = useState("");
  const [parentsPage, setParentsPage] = useState(1);
  const [invitationsPage, setInvitationsPage] = useState(1);
  const [status, setStatus] = useState<InvitationStatus | "">("");

  // One search drives both lists; applying a new term starts both at page 1.
  useEffect(() => {
    const term = searchInput.trim();
    if (term === search) return;
    const timer = window.setTimeout(() => {
      setSearch(term);
      setParentsPage(1);
      setInvitationsPage(1);
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [searchInput, search]);

  const changeStatus = useCallback((next: InvitationStatus | "") => {
    setStatus(next);
    setInvitationsPage(1);
  }, []);

  return (
    <div>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-ink">Parents</h1>
          <p className="mt-1 text-slate-600">Invite parents to your school and manage their access.</p>
        </div>
        <Button type="button" onClick={() => setInviteOpen(true)} className="shrink-0 self-start">
          <UserPlus aria-hidden="true" className="h-4 w-4" />
          Invite Parent
        </Button>
      </div>

      <div className="mt-6">
        <SearchField id={searchId} label="Search parents and invitations" value={searchInput} onChange={setSearchInput} placeholder="Search by name or email" />
      </div>

      <ParentAccounts search={search} page={parentsPage} onPageChange={setParentsPage} />
      <ParentInvitations
        search={search}
        status={status}
        onStatusChange={changeStatus}
        page={invitationsPage}
        onPageChange={setInvitationsPage}
      />

      <InviteParentDialog open={inviteOpen} onOpenChange={setInviteOpen} />
    </div>
  );
}
