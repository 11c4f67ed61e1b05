import { i18n } from "@lingui/core";
import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Check, Send, Trash2 } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Link } from "react-router";
import { NOTIFICATION_MESSAGES, NOTIFICATION_TABS, type NotificationTab } from "#shared/notification-texts.ts";
import { relativeTime } from "#shared/school-time.ts";
import { usePageTitle } from "../../components/site/usePageTitle.ts";
import { Button, IconButton } from "../../components/ui/buttons.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { DebouncedInput, FilterTabs, useUrlFilters } from "../../components/ui/filters.tsx";
import { lazyDialog } from "../../components/ui/lazy-dialog.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { Pagination } from "../../components/ui/pagination.tsx";
import { Loading, QueryState } from "../../components/ui/states.tsx";
import {
  type InboxRole,
  type NotificationItem,
  useDeleteNotification,
  useMarkNotificationRead,
  useNotifications,
} from "../../features/notifications/hooks.ts";
import {
  NOTIFICATION_CATEGORY_LABELS,
  NOTIFICATION_TAB_LABELS,
  NotificationOrigin,
  NotificationTypeIcon,
} from "../../features/notifications/labels.tsx";
import { sharedText } from "../../i18n/shared-texts.ts";

const ConfirmDialog = lazyDialog(async () => (await import("../../components/ui/dialog.tsx")).ConfirmDialog);

const SendNotificationDialog = lazy(() => import("./SendNotificationDialog.tsx"));
/** The Sent tab loads when opened: the inbox (and a parent's page) carries none of it. */
const SentNotifications = lazy(async () => ({ default: (await import("./SentNotifications.tsx")).SentNotifications }));

const FILTERS = { tab: "all", search: "", page: "1" };

/** The inbox's tabs, and for school admins the Sent tab: what the school sent, not a filter of the inbox. */
type PageTab = NotificationTab | "sent";

function NotificationRow({
  item,
  zone,
  role,
  onDelete,
}: {
  item: NotificationItem;
  zone: string;
  role: InboxRole;
  onDelete: (item: NotificationItem) => void;
}) {
  const { t } = useLingui();
  const markRead = useMarkNotificationRead(role);
  const { title } = item;
  return (
    <li className={`flex gap-3 p-4 ${item.read ? "" : "bg-brand-50/60"}`}>
      <NotificationTypeIcon type={item.type} />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline gap-x-2">
          <h2
            className={`min-w-0 text-base wrap-anywhere ${item.read ? "font-medium text-slate-800" : "font-semibold text-ink"}`}
          >
            {item.title}
            {item.read ? null : <span className="sr-only"> {t`(unread)`}</span>}
          </h2>
          <span className="text-xs text-slate-500">{NOTIFICATION_CATEGORY_LABELS[item.category]}</span>
        </div>
        {/* The message as it was written: its line breaks kept, a long word wrapped. */}
        <p className="mt-1 text-sm whitespace-pre-line wrap-anywhere text-slate-700">{item.message}</p>
        <div className="mt-1">
          <NotificationOrigin sender={item.sender} when={relativeTime(item.createdAt, zone, new Date(), i18n)} />
        </div>
        {/* A live notice (the bus approaching, a child boarded) opens its run live. */}
        {role === "parent" && item.runId ? (
          <Link
            to={`/parent/rides/${encodeURIComponent(item.runId)}`}
            className="mt-1 inline-flex min-h-11 items-center gap-1 text-sm font-medium text-brand-700 underline underline-offset-2"
          >
            <Trans>Open the live ride</Trans>
            <span className="sr-only">: {item.title}</span>
          </Link>
        ) : null}
      </div>
      <div className="flex shrink-0 items-start gap-1">
        {item.read ? null : (
          <IconButton
            label={t`Mark "${title}" as read`}
            disabled={markRead.isPending}
            onClick={() => markRead.mutate({ notificationId: item.id })}
          >
            <Check aria-hidden="true" className="h-4 w-4" />
          </IconButton>
        )}
        <IconButton label={t`Delete "${title}"`} tone="danger" onClick={() => onDelete(item)}>
          <Trash2 aria-hidden="true" className="h-4 w-4" />
        </IconButton>
      </div>
    </li>
  );
}

/**
 * The shared Notifications screen (spec): tabs with counts (Attendance only when any), search,
 * type icons, relative time in the school's zone, Mark as read and Delete; Send Notification and
 * the Sent tab (what the school sent, who read it) for school admins. Lists are paginated on the server.
 */
export default function NotificationsPage({ role }: { role: InboxRole }) {
  const { t } = useLingui();
  const tabLabels: Record<PageTab, string> = { ...NOTIFICATION_TAB_LABELS, sent: t`Sent` };
  const [filters, setFilters] = useUrlFilters(FILTERS);
  const sent = role === "schoolAdmin" && filters.tab === "sent";
  const tab = (NOTIFICATION_TABS as readonly string[]).includes(filters.tab) ? (filters.tab as NotificationTab) : "all";
  const page = Math.max(1, Number(filters.page) || 1);
  // On the Sent tab the inbox still gives the tabs their counts (its first page, usually cached).
  const list = useNotifications(
    role,
    sent ? { tab: "all", page: 1 } : { tab, search: filters.search || undefined, page },
  );
  const [deleting, setDeleting] = useState<NotificationItem | null>(null);
  const [sending, setSending] = useState(false);
  const remove = useDeleteNotification(role, () => setDeleting(null));
  usePageTitle(t`Notifications · SchoolRide`);
  const counts = list.data?.counts;
  const unreadText = (unread: number) => t`${plural(unread, { one: "# unread", other: "# unread" })}`;
  const tabs: PageTab[] = [
    ...NOTIFICATION_TABS.filter((name) => name !== "attendance" || (counts?.attendance ?? 0) > 0),
    ...(role === "schoolAdmin" ? (["sent"] as const) : []),
  ];
  return (
    <div className="space-y-5">
      <PageHeader
        title={t`Notifications`}
        subtitle={counts ? unreadText(counts.unread) : undefined}
        actions={
          role === "schoolAdmin" ? (
            <Button onClick={() => setSending(true)}>
              <Send aria-hidden="true" className="h-4 w-4" />
              <Trans>Send Notification</Trans>
            </Button>
          ) : undefined
        }
      />
      <FilterTabs
        label={t`Filter notifications`}
        tabs={tabs}
        current={sent ? "sent" : tab}
        labels={tabLabels}
        counts={counts}
        onSelect={(name) => setFilters({ tab: name })}
      />
      <DebouncedInput
        label={sent ? t`Search sent notifications` : t`Search notifications`}
        icon
        placeholder={sent ? t`Search by title, route, trip or parent` : t`Search by title or message`}
        value={filters.search}
        maxLength={120}
        onCommit={(search) => setFilters({ search })}
        className="max-w-md"
      />
      {sent ? (
        <Suspense fallback={<Loading label={t`Loading sent notifications…`} />}>
          <SentNotifications search={filters.search} page={page} onPageChange={(next) => setFilters({ page: next })} />
        </Suspense>
      ) : (
        <QueryState
          query={list}
          loading={t`Loading notifications…`}
          failed={t`Failed to load notifications.`}
          isEmpty={(data) => data.rows.length === 0}
          empty={<EmptyState title={sharedText(NOTIFICATION_MESSAGES.empty)} spacious />}
        >
          {(data) => (
            <>
              <ul
                aria-label={t`Notifications`}
                className="divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white"
              >
                {data.rows.map((item) => (
                  <NotificationRow key={item.id} item={item} zone={data.timeZone} role={role} onDelete={setDeleting} />
                ))}
              </ul>
              <Pagination
                result={data}
                noun={t`notifications`}
                label={t`Notifications pages`}
                onPageChange={(next) => setFilters({ page: next })}
              />
            </>
          )}
        </QueryState>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? null : setDeleting(null))}
        title={t`Delete Notification`}
        message={sharedText(NOTIFICATION_MESSAGES.confirmDelete)}
        confirmLabel={t`Delete`}
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ notificationId: deleting.id })}
      />
      {role === "schoolAdmin" && sending ? (
        <Suspense fallback={null}>
          <SendNotificationDialog open={sending} onOpenChange={setSending} />
        </Suspense>
      ) : null}
    </div>
  );
}
