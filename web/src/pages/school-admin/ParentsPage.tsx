import { Trans, useLingui } from "@lingui/react/macro";
import { FileUp, UserPlus } from "lucide-react";
import { useCallback, useState } from "react";
import { usePageTitle } from "../../components/site/usePageTitle.ts";
import { SecondaryButton } from "../../components/ui/buttons.tsx";
import { DebouncedInput } from "../../components/ui/filters.tsx";
import { Button } from "../../components/ui/form.tsx";
import { lazyDialog } from "../../components/ui/lazy-dialog.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { ParentAccounts } from "./components/ParentAccounts.tsx";
import { ParentInvitationDialog } from "./components/ParentInvitationDialog.tsx";
import { type InvitationStatus, ParentInvitations } from "./components/ParentInvitations.tsx";

const PupilImportDialog = lazyDialog(async () => (await import("./components/PupilImportDialog.tsx")).default);

/** `/school-admin/parents`: the parents of the admin's own school and their invitations; importing pupils with their guardians. */
export default function ParentsPage() {
  const { t } = useLingui();
  usePageTitle(t`Parents · SchoolRide`);
  const [invitationOpen, setInvitationOpen] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  const [search, setSearch] = useState("");
  const [parentsPage, setParentsPage] = useState(1);
  const [invitationsPage, setInvitationsPage] = useState(1);
  const [status, setStatus] = useState<InvitationStatus | "">("");

  // One search drives both lists; applying a new term starts both at page 1.
  const applySearch = useCallback((term: string) => {
    setSearch(term);
    setParentsPage(1);
    setInvitationsPage(1);
  }, []);

  const changeStatus = useCallback((next: InvitationStatus | "") => {
    setStatus(next);
    setInvitationsPage(1);
  }, []);

  return (
    <div>
      <PageHeader
        title={t`Parents`}
        subtitle={t`Invite parents to your school and manage their access.`}
        actions={
          <>
            <SecondaryButton type="button" onClick={() => setImportOpen(true)}>
              <FileUp aria-hidden="true" className="h-4 w-4" />
              <Trans>Import pupils</Trans>
            </SecondaryButton>
            <Button type="button" onClick={() => setInvitationOpen(true)}>
              <UserPlus aria-hidden="true" className="h-4 w-4" />
              <Trans>Invite Parent</Trans>
            </Button>
          </>
        }
      />

      <div className="mt-6">
        <DebouncedInput
          label={t`Search parents and invitations`}
          icon
          value={search}
          onCommit={applySearch}
          placeholder={t`Search by name or email`}
          maxLength={120}
        />
      </div>

      <ParentAccounts search={search} page={parentsPage} onPageChange={setParentsPage} />
      <ParentInvitations
        search={search}
        status={status}
        onStatusChange={changeStatus}
        page={invitationsPage}
        onPageChange={setInvitationsPage}
      />

      <ParentInvitationDialog open={invitationOpen} onOpenChange={setInvitationOpen} />
      {importOpen ? <PupilImportDialog open onOpenChange={setImportOpen} /> : null}
    </div>
  );
}
