import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useCallback } from "react";
import { AUDIT_ROLE_FILTERS } from "#shared/audit-logs-constants.ts";
import { usePageTitle } from "../../../components/site/usePageTitle.ts";
import { ActionButton } from "../../../components/ui/action-button.tsx";
import { CardFields, type Column, DataTable } from "../../../components/ui/data-table.tsx";
import { Dash } from "../../../components/ui/detail-list.tsx";
import { EmailAddress } from "../../../components/ui/email-address.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import {
  DateFilter,
  DebouncedInput,
  FilterSelect,
  oneOf,
  pageParam,
  useUrlFilters,
} from "../../../components/ui/filters.tsx";
import { formatDateTime, roleLabel } from "../../../components/ui/format.ts";
import { PageHeader } from "../../../components/ui/page-header.tsx";
import { Pagination, useLastPageFallback } from "../../../components/ui/pagination.tsx";
import { ErrorState, QueryState } from "../../../components/ui/states.tsx";
import { useAuditEventTypes, useAuditLogs } from "../../../features/audit-logs/hooks.ts";
import type { RouterOutputs } from "../../../lib/api-types.ts";
import { errorMessage } from "../../../lib/errors.ts";
import { AUDIT_EVENT_LABELS } from "./event-labels.ts";

type AuditRow = RouterOutputs["superAdmin"]["auditLogs"]["list"]["rows"][number];

const ROLE_FILTER_LABELS: Record<(typeof AUDIT_ROLE_FILTERS)[number], MessageDescriptor> = {
  all: msg`All roles`,
  super_admin: msg`Super Admin`,
  school_admin: msg`School Admin`,
  parent: msg`Parent`,
  driver: msg`Driver`,
  system: msg`System`,
};

/** An event type as the reader's language names it (English: its code). */
function useEventName() {
  const { i18n } = useLingui();
  return (type: string) => {
    const label = AUDIT_EVENT_LABELS[type];
    return label ? i18n._(label) : type;
  };
}

const FILTER_DEFAULTS = { event: "", role: "all", school: "", from: "", to: "", email: "", page: "1" };

/** A filter that takes the whole row on a phone, one column from `sm` up. */
const PHONE_FULL_ROW = "col-span-2 sm:col-span-1";

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (value: string) => (ISO_DAY.test(value) ? value : "");

/** `/super-admin/audit-logs`: the platform's audit trail, filtered in the URL, newest first. */
export default function AuditLogsPage() {
  const { i18n, t } = useLingui();
  const eventName = useEventName();
  usePageTitle(t`Audit Logs · SchoolRide`);
  const roleOptions = AUDIT_ROLE_FILTERS.map((value) => ({ value, label: i18n._(ROLE_FILTER_LABELS[value]) }));
  const columns: Column<AuditRow>[] = [
    { header: t`Who`, width: "w-[20%]", cell: (row) => <Who row={row} /> },
    { header: t`What`, width: "w-[32%]", cell: (row) => <What row={row} /> },
    { header: t`When`, width: "w-[15%]", cell: (row) => formatDateTime(row.createdAt) },
    { header: t`School`, width: "w-[15%]", cell: (row) => <School row={row} /> },
    { header: t`User agent`, width: "w-[18%]", cell: (row) => <UserAgent value={row.userAgent} /> },
  ];
  const [filters, setFilters] = useUrlFilters(FILTER_DEFAULTS);
  const eventType = filters.event.trim();
  const role = oneOf(filters.role, AUDIT_ROLE_FILTERS, "all");
  const schoolId = filters.school.trim();
  const from = day(filters.from);
  const to = day(filters.to);
  const email = filters.email.trim();
  const page = pageParam(filters.page);
  const rangeReversed = Boolean(from && to && from > to);

  const eventTypes = useAuditEventTypes();
  const list = useAuditLogs({
    ...(eventType ? { eventType } : {}),
    role,
    ...(schoolId ? { schoolId } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    ...(email ? { email } : {}),
    page,
  });

  const goToPage = useCallback((next: number) => setFilters({ page: next }), [setFilters]);
  useLastPageFallback(list.data?.pages, page, goToPage);

  const commitSchool = useCallback((school: string) => setFilters({ school }), [setFilters]);
  const commitEmail = useCallback((value: string) => setFilters({ email: value }), [setFilters]);

  // The selected type stays listed even before the list of types has loaded (or if it has no rows).
  const typeValues = [...new Set([...(eventTypes.data ?? []), ...(eventType ? [eventType] : [])])].sort();
  const eventOptions = [
    { value: "", label: t`All events` },
    ...typeValues.map((value) => ({ value, label: eventName(value) })),
  ];
  const filtered = Boolean(eventType || role !== "all" || schoolId || from || to || email);

  const content = (
    <QueryState
      query={list}
      loading={t`Loading audit logs…`}
      failed={t`Failed to load audit logs.`}
      keepDataOnError
      isEmpty={(data) => data.total === 0}
      empty={
        <EmptyState title={t`No audit log entries found`}>
          {filtered ? t`No entries match your current filters` : t`Nothing has been recorded yet`}
        </EmptyState>
      }
    >
      {(data) => (
        <div
          aria-busy={list.isFetching}
          className={list.isPlaceholderData ? "opacity-60 transition-opacity" : undefined}
        >
          {list.isError ? (
            <div className="mb-3">
              <ErrorState>
                <Trans>Failed to refresh audit logs.</Trans> {errorMessage(list.error, "")}
              </ErrorState>
            </div>
          ) : null}
          <DataTable
            caption={t`Audit log entries, newest first`}
            rows={data.rows}
            rowKey={(row) => row.id}
            columns={columns}
            card={(row) => <AuditCard row={row} />}
          />
          <Pagination result={data} noun={t`entries`} label={t`Audit log pages`} onPageChange={goToPage} />
          {data.pages <= 1 ? (
            <p className="mt-4 text-sm text-slate-600">
              <ShowingAll total={data.total} />
            </p>
          ) : null}
        </div>
      )}
    </QueryState>
  );

  return (
    <div>
      <PageHeader
        title={t`Audit Logs`}
        subtitle={t`Sign-ins, invitations and administrative changes across the platform, newest first.`}
      />

      <search aria-label={t`Filter audit logs`} className="mt-6 rounded-lg border border-slate-200 bg-white p-4">
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-3">
          {[
            { param: "event" as const, label: t`Event type`, options: eventOptions, value: eventType },
            { param: "role" as const, label: t`Role`, options: roleOptions, value: role },
          ].map((select) => (
            <FilterSelect
              key={select.param}
              label={select.label}
              options={select.options}
              value={select.value}
              onChange={(event) => setFilters({ [select.param]: event.target.value })}
              className={PHONE_FULL_ROW}
            />
          ))}
          <DebouncedInput
            label={t`School ID`}
            type="text"
            value={schoolId}
            onCommit={commitSchool}
            placeholder={t`Exact school id`}
            maxLength={64}
            className={PHONE_FULL_ROW}
          />
          <DateFilter
            label={t`From`}
            value={from}
            max={to || undefined}
            onChange={(value) => setFilters({ from: value })}
            className="min-w-0"
          />
          <DateFilter
            label={t`To`}
            value={to}
            min={from || undefined}
            onChange={(value) => setFilters({ to: value })}
            className="min-w-0"
          />
          <DebouncedInput
            label={t`Search by e-mail`}
            icon
            value={email}
            onCommit={commitEmail}
            placeholder="name@example.com"
            maxLength={254}
            className={PHONE_FULL_ROW}
          />
        </div>
        <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
          <p className="text-xs text-slate-500">
            <Trans>Dates are whole days in UTC.</Trans>
          </p>
          {filtered ? (
            <ActionButton
              onClick={() => setFilters({ event: "", role: "all", school: "", from: "", to: "", email: "" })}
            >
              <Trans>Clear filters</Trans>
            </ActionButton>
          ) : null}
        </div>
        {rangeReversed ? (
          <p role="alert" className="mt-2 text-sm text-red-700">
            <Trans>The “From” date is after the “To” date, so no entries can match.</Trans>
          </p>
        ) : null}
      </search>

      <div className="mt-6">{content}</div>
    </div>
  );
}

function ShowingAll({ total }: { total: number }) {
  return (
    <Trans>
      Showing 1 to {total} of {total} entries
    </Trans>
  );
}

function AuditCard({ row }: { row: AuditRow }) {
  const { t } = useLingui();
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <div className="min-w-0">
          <Who row={row} />
        </div>
        <span className="text-sm whitespace-nowrap text-slate-600">{formatDateTime(row.createdAt)}</span>
      </div>
      <div className="mt-2">
        <What row={row} />
      </div>
      <CardFields
        valueClassName=""
        items={[
          { label: t`School`, value: <School row={row} /> },
          { label: t`User agent`, value: <UserAgent value={row.userAgent} /> },
        ]}
      />
    </>
  );
}

/** The actor's role ("System" without one) and e-mail address. */
function Who({ row }: { row: AuditRow }) {
  const { t } = useLingui();
  return (
    <>
      <span className="block font-medium text-slate-800">{row.userRole ? roleLabel(row.userRole) : t`System`}</span>
      {row.userEmail ? <EmailAddress className="block text-sm text-slate-600" email={row.userEmail} /> : null}
    </>
  );
}

function What({ row }: { row: AuditRow }) {
  const name = useEventName()(row.eventType);
  return (
    <>
      <span
        title={name === row.eventType ? undefined : row.eventType}
        className={`inline-block rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-800 wrap-anywhere ${name === row.eventType ? "font-mono" : ""}`}
      >
        {name}
      </span>
      <span className="mt-1 block text-sm text-slate-700 wrap-anywhere">{row.description}</span>
    </>
  );
}

function School({ row }: { row: AuditRow }) {
  if (row.schoolName) return <span className="wrap-anywhere">{row.schoolName}</span>;
  if (row.schoolId)
    return (
      <span dir="ltr" className="font-mono text-xs text-slate-500" title={row.schoolId}>
        {row.schoolId.slice(0, 8)}…{" "}
        <span className="sr-only">
          <Trans>(school no longer exists)</Trans>
        </span>
      </span>
    );
  return <Dash />;
}

function UserAgent({ value }: { value: string | null }) {
  if (!value) return <Dash />;
  return (
    <span dir="ltr" className="block truncate text-xs text-slate-600" title={value}>
      {value}
    </span>
  );
}
