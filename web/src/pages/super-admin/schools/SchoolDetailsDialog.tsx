import { Trans, useLingui } from "@lingui/react/macro";
import { Pencil, UserPlus } from "lucide-react";
import { type ReactNode, useId } from "react";
import { Badge } from "../../../components/ui/badge.tsx";
import { SecondaryButton } from "../../../components/ui/buttons.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { EmailAddress } from "../../../components/ui/email-address.tsx";
import { Button } from "../../../components/ui/form.tsx";
import { formatDate, formatDateTime } from "../../../components/ui/format.ts";
import { Loading } from "../../../components/ui/states.tsx";
import { useSchoolDetails } from "../../../features/schools/dialog-hooks.ts";
import { SchoolStatusBadge } from "./labels.tsx";
import type { SchoolDetails, SchoolRef } from "./types.ts";

/** The school's details modal, rendered only while a school is being viewed. */
export function SchoolDetailsDialog({
  school,
  onClose,
  onCreateInvitation,
  onEdit,
}: {
  school: SchoolRef;
  onClose: () => void;
  onCreateInvitation: (school: SchoolRef) => void;
  onEdit: (school: SchoolRef) => void;
}) {
  const { t } = useLingui();
  const details = useSchoolDetails(school.id, onClose);

  const current = details.data ? { id: details.data.school.id, name: details.data.school.name } : school;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={current.name}>
      {details.data ? <DetailsBody details={details.data} /> : <Loading label={t`Loading school details…`} />}
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:flex-wrap sm:justify-end">
        <SecondaryButton onClick={onClose}>
          <Trans>Close</Trans>
        </SecondaryButton>
        <SecondaryButton disabled={!details.data} onClick={() => onEdit(current)}>
          <Pencil aria-hidden="true" className="h-4 w-4" />
          <Trans>Edit School</Trans>
        </SecondaryButton>
        <Button type="button" disabled={!details.data} onClick={() => onCreateInvitation(current)}>
          <UserPlus aria-hidden="true" className="h-4 w-4" />
          {details.data && details.data.admins.length === 0 ? t`Invite First Admin` : t`Invite Admin`}
        </Button>
      </div>
    </Dialog>
  );
}

function DetailsBody({ details }: { details: SchoolDetails }) {
  const { t } = useLingui();
  const { school, admins, summary } = details;
  const adminsHeading = useId();
  const locality = [school.city, school.state, school.zipCode].filter(Boolean).join(", ");
  const hasAddress = Boolean(school.address || locality || school.country);
  return (
    <div className="space-y-6">
      <dl className="grid grid-cols-1 gap-x-4 gap-y-3 text-sm sm:grid-cols-[auto_1fr]">
        <Item label={t`Name`}>{school.name}</Item>
        <Item label={t`Email`}>
          <EmailAddress email={school.email} />
        </Item>
        <Item label={t`Phone`}>{school.phone ? <span dir="ltr">{school.phone}</span> : <NotProvided />}</Item>
        <Item label={t`Address`}>
          {hasAddress ? (
            <address className="not-italic">
              {school.address ? <span className="block">{school.address}</span> : null}
              {locality ? <span className="block">{locality}</span> : null}
              {school.country ? <span className="block">{school.country}</span> : null}
            </address>
          ) : (
            <NotProvided />
          )}
        </Item>
        <Item label={t`Created`}>{formatDate(school.createdAt)}</Item>
        <Item label={t`Status`}>
          <SchoolStatusBadge badge={school.badge} />
        </Item>
        <Item label={t`School code`}>
          <span dir="ltr" className="font-mono font-semibold tracking-wider text-ink">
            {school.code}
          </span>
        </Item>
      </dl>

      <section aria-labelledby={adminsHeading}>
        <h3 id={adminsHeading} className="font-semibold text-ink">
          <Trans>Administrators</Trans>
        </h3>
        {admins.length === 0 ? (
          <p className="mt-2 rounded-md border border-dashed border-slate-300 px-3 py-4 text-center text-sm text-slate-600">
            <Trans>This school has no administrators yet.</Trans>
          </p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-200 rounded-md border border-slate-200">
            {admins.map((admin) => (
              <li key={admin.id} className="flex items-start justify-between gap-3 px-3 py-3 text-sm">
                <div className="min-w-0">
                  <p className="font-medium text-ink">{admin.name}</p>
                  <EmailAddress className="block text-slate-600" email={admin.email} />
                  <p className="text-slate-600">{admin.position || t`Administrator`}</p>
                  <p className="text-slate-500">
                    <LastLogin at={admin.lastLogin} />
                  </p>
                </div>
                {admin.isActive ? (
                  <Badge tone="green">
                    <Trans>Active</Trans>
                  </Badge>
                ) : (
                  <Badge tone="slate">
                    <Trans>Inactive</Trans>
                  </Badge>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      <dl className="grid grid-cols-3 gap-2 text-center">
        <Summary label={t`Administrators`} value={summary.admins} />
        <Summary label={t`Parents`} value={summary.parents} />
        <Summary label={t`Total users`} value={summary.totalUsers} />
      </dl>
    </div>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="contents">
      <dt className="font-medium text-slate-500">{label}</dt>
      <dd className="text-slate-800">{children}</dd>
    </div>
  );
}

function Summary({ label, value }: { label: string; value: number }) {
  return (
    <div className="flex flex-col-reverse rounded-md bg-slate-50 px-2 py-3">
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className="text-xl font-bold text-ink">{value}</dd>
    </div>
  );
}

function NotProvided() {
  return (
    <span className="text-slate-500">
      <Trans>Not provided</Trans>
    </span>
  );
}

function LastLogin({ at }: { at: Date | null }) {
  const when = at ? formatDateTime(at) : null;
  return when ? <Trans>Last login: {when}</Trans> : <Trans>Last login: Never</Trans>;
}
