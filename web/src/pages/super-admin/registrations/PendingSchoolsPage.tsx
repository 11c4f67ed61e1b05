import { i18n } from "@lingui/core";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { BadgeCheck, Check, Eye, X } from "lucide-react";
import { useState } from "react";
import { PLANS } from "#shared/plans.ts";
import { usePageTitle } from "../../../components/site/usePageTitle.ts";
import { ActionButton } from "../../../components/ui/action-button.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { DetailList } from "../../../components/ui/detail-list.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { EmailAddress } from "../../../components/ui/email-address.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { formatDate, formatDateTime, formatIsoDay, formatTotal } from "../../../components/ui/format.ts";
import { PageHeader } from "../../../components/ui/page-header.tsx";
import { QueryState } from "../../../components/ui/states.tsx";
import {
  useApproveRegistration,
  usePendingRegistrations,
  useRejectRegistration,
} from "../../../features/registrations/hooks.ts";
import { RejectRegistrationDialog } from "../../../features/registrations/RejectRegistrationDialog.tsx";
import type { RouterOutputs } from "../../../lib/api-types.ts";
import { SCHOOL_TYPE_LABELS } from "../schools/labels.tsx";

type Registration = RouterOutputs["superAdmin"]["registrations"]["pending"]["rows"][number];

/** The server's upper bound for one read of the review list. */
const LIST_LIMIT = 100;

/** A payment_status of payment_successful reads "Payment Complete"; other values are shown raw. */
function VerificationBadge({ status }: { status: string }) {
  if (status === "payment_successful")
    return (
      <Badge tone="blue">
        <Trans>Payment Complete</Trans>
      </Badge>
    );
  return <Badge tone="slate">{status}</Badge>;
}

/** A payment_status of paid is highlighted; other values are shown raw. */
function PaymentBadge({ status }: { status: string }) {
  if (status === "paid")
    return (
      <span className="inline-flex items-center gap-1 rounded-full bg-green-700 px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-white">
        <BadgeCheck aria-hidden="true" className="h-3.5 w-3.5" />
        <Trans>Paid</Trans>
      </span>
    );
  return <Badge tone="slate">{status}</Badge>;
}

function planName(plan: string): string {
  return plan in PLANS ? PLANS[plan as keyof typeof PLANS].name : plan;
}

function schoolTypeName(type: string): string {
  return type in SCHOOL_TYPE_LABELS ? i18n._(SCHOOL_TYPE_LABELS[type as keyof typeof SCHOOL_TYPE_LABELS]) : type;
}

function location(row: Registration): string {
  return [row.schoolCity, row.schoolState, row.schoolCountry].filter(Boolean).join(", ");
}

/** `/super-admin/pending-schools`: paid registrations awaiting review, with details, Approve and Reject. */
export default function PendingSchoolsPage() {
  const { t } = useLingui();
  usePageTitle(t`Pending School Reviews · SchoolRide`);
  const list = usePendingRegistrations(LIST_LIMIT);
  const [viewing, setViewing] = useState<Registration | null>(null);
  const [rejecting, setRejecting] = useState<Registration | null>(null);

  const approve = useApproveRegistration();
  const reject = useRejectRegistration();
  const busy = approve.isPending || reject.isPending;
  const approvingId = approve.isPending ? approve.variables.pendingSchoolId : null;

  function actions(row: Registration, inDialog = false) {
    return (
      <>
        {inDialog ? null : (
          <ActionButton onClick={() => setViewing(row)} aria-label={t`View details of ${row.schoolName}`}>
            <Eye aria-hidden="true" className="h-4 w-4" />
            <Trans>View Details</Trans>
          </ActionButton>
        )}
        <ActionButton
          variant="success"
          disabled={busy}
          onClick={() => approve.mutate({ pendingSchoolId: row.id }, { onSuccess: () => setViewing(null) })}
          aria-label={t`Approve ${row.schoolName}`}
        >
          <Check aria-hidden="true" className="h-4 w-4" />
          {approvingId === row.id ? t`Approving…` : t`Approve`}
        </ActionButton>
        <ActionButton
          variant="danger"
          disabled={busy}
          onClick={() => setRejecting(row)}
          aria-label={t`Reject ${row.schoolName}`}
        >
          <X aria-hidden="true" className="h-4 w-4" />
          <Trans>Reject</Trans>
        </ActionButton>
      </>
    );
  }

  const content = (
    <QueryState
      query={list}
      loading={t`Loading pending schools…`}
      failed={t`Failed to load pending schools.`}
      isEmpty={(data) => data.rows.length === 0}
      empty={<EmptyState title={t`No schools are waiting for review.`} />}
    >
      {(data) => (
        <>
          <ul aria-label={t`Schools awaiting review`} className="space-y-4">
            {data.rows.map((row) => (
              <li key={row.id} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
                <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
                  <div className="min-w-0">
                    <h2 className="text-lg font-semibold text-ink wrap-anywhere">{row.schoolName}</h2>
                    <p className="text-sm text-slate-600">
                      {schoolTypeName(row.schoolType)}
                      {location(row) ? ` · ${location(row)}` : ""}
                    </p>
                  </div>
                  <div className="flex shrink-0 flex-wrap gap-2">
                    <VerificationBadge status={row.verificationStatus} />
                    <PaymentBadge status={row.paymentStatus} />
                  </div>
                </div>
                <dl className="mt-4 grid grid-cols-2 gap-x-6 gap-y-3 text-sm lg:grid-cols-[2fr_1fr_1fr_1fr]">
                  <div className="col-span-2 min-w-0 lg:col-span-1">
                    <dt className="text-slate-500">
                      <Trans>Admin</Trans>
                    </dt>
                    <dd className="font-medium text-slate-800 wrap-anywhere">{row.adminFullName}</dd>
                    <dd className="text-slate-600">
                      <EmailAddress email={row.adminEmail} />
                    </dd>
                  </div>
                  <div>
                    <dt className="text-slate-500">
                      <Trans>Pupils / Buses</Trans>
                    </dt>
                    <dd className="text-slate-800">
                      <Plural value={row.pupilCount} one="# pupil" other="# pupils" /> ·{" "}
                      <Plural value={row.busCount} one="# bus" other="# buses" />
                    </dd>
                  </div>
                  <div>
                    <dt className="text-slate-500">
                      <Trans>Plan</Trans>
                    </dt>
                    <dd className="text-slate-800">{planName(row.plan)}</dd>
                  </div>
                  <div>
                    <dt className="text-slate-500">
                      <Trans>Submitted</Trans>
                    </dt>
                    <dd className="text-slate-800">{formatDate(row.createdAt)}</dd>
                  </div>
                </dl>
                <div className="mt-4 flex flex-wrap gap-2 sm:justify-end">{actions(row)}</div>
              </li>
            ))}
          </ul>
          {data.total > data.rows.length ? (
            <p className="mt-4 text-sm text-slate-600">
              <Newest shown={data.rows.length} total={formatTotal(data)} />
            </p>
          ) : null}
        </>
      )}
    </QueryState>
  );

  return (
    <div>
      <PageHeader
        title={
          <>
            <Trans>Pending School Reviews</Trans>{" "}
            {list.data ? (
              <span className="ms-1 inline-flex translate-y-[-2px] items-center rounded-full bg-brand-100 px-2.5 py-0.5 align-middle text-sm font-semibold text-brand-700">
                {formatTotal(list.data)}
                <span className="sr-only">
                  {" "}
                  <Trans>awaiting review</Trans>
                </span>
              </span>
            ) : null}
          </>
        }
        subtitle={t`Paid registrations waiting for approval. Approving creates the school and e-mails its administrator.`}
      />
      <div className="mt-6">{content}</div>

      <Dialog
        open={viewing !== null}
        onOpenChange={(open) => !open && setViewing(null)}
        title={t`Registration Details`}
      >
        {viewing ? (
          <>
            <DetailList
              items={[
                { label: t`School name`, value: viewing.schoolName },
                { label: t`School type`, value: schoolTypeName(viewing.schoolType) },
                { label: t`Street address`, value: viewing.schoolAddress },
                { label: t`City`, value: viewing.schoolCity },
                { label: t`State`, value: viewing.schoolState },
                { label: t`ZIP code`, value: viewing.schoolZipCode },
                { label: t`Country`, value: viewing.schoolCountry },
                { label: t`Admin name`, value: viewing.adminFullName },
                { label: t`Admin role`, value: viewing.adminRole },
                { label: t`Admin e-mail`, value: <span dir="ltr">{viewing.adminEmail}</span> },
                {
                  label: t`Admin phone`,
                  value: viewing.adminPhone ? (
                    <span dir="ltr">{viewing.adminPhone}</span>
                  ) : (
                    <span className="text-slate-500 italic">
                      <Trans>Not provided</Trans>
                    </span>
                  ),
                },
                { label: t`Pupils`, value: viewing.pupilCount },
                { label: t`Buses`, value: viewing.busCount },
                { label: t`Intended start`, value: formatIsoDay(viewing.intendedStartDate) },
                { label: t`Plan`, value: planName(viewing.plan) },
                { label: t`Status`, value: <VerificationBadge status={viewing.verificationStatus} /> },
                { label: t`Payment`, value: <PaymentBadge status={viewing.paymentStatus} /> },
                { label: t`Submitted`, value: formatDateTime(viewing.createdAt) },
              ]}
            />
            <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <ActionButton onClick={() => setViewing(null)}>
                <Trans>Close</Trans>
              </ActionButton>
              {actions(viewing, true)}
            </div>
          </>
        ) : null}
      </Dialog>

      <RejectRegistrationDialog
        reasonRequired={false}
        registration={rejecting}
        pending={reject.isPending}
        onClose={() => setRejecting(null)}
        onReject={(reason) =>
          rejecting &&
          reject.mutate(
            { pendingSchoolId: rejecting.id, ...(reason ? { reason } : {}) },
            {
              onSuccess: () => {
                setRejecting(null);
                setViewing(null);
              },
            },
          )
        }
      />
    </div>
  );
}

function Newest({ shown, total }: { shown: number; total: string }) {
  return (
    <Trans>
      Showing the newest {shown} of {total} registrations. Review these to see the rest.
    </Trans>
  );
}
