import { Check, Send, Trash2 } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Link } from "react-router";
import { NOTIFICATION_MESSAGES, NOTIFICATION_TABS, type NotificationTab } from "#shared/notification-texts.ts";
import { relativeTime } from "#shared/school-time.ts";
import { usePageTitle } from "../../components/site/usePageTitle.ts";
import { Button, IconButton } from "../../components/ui/buttons.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { DebouncedInput, FilterTabs } from "../../components/ui/filters.tsx";
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
import { useUrlFilters } from "../../lib/url-filters.ts";

const ConfirmDialog = lazyDialog(async () => (await import("../../components/ui/dialog.tsx")).ConfirmDialog);

const SendNotificationDialog = lazy(() => import("./SendNotificationDialog.tsx"));
/** The Sent tab loads when opened: the inbox (and a parent's page) carries none of it. */
const SentNotifications = lazy(async () => ({ default: (await import("./SentNotifications.tsx")).SentNotifications }));

const FILTERS = { tab: "all", search: "", page: "1" };

/** The inbox's tabs, and for school admins the Sent tab: what the school sent, not a filter of the inbox. */
type PageTab = NotificationTab | "sent";
const TAB_LABELS: Record<PageTab, string> = { ...NOTIFICATION_TAB_LABELS, sent: "Sent" };

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
  const markRead = useMarkNotificationRead(role);
  return (
    <li className={`flex gap-3 p-4 ${item.read ? "" : "bg-brand-50/60"}`}>
      <NotificationTypeIcon type={item.type} />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline gap-x-2">
          <h2
            className={`min-w-0 text-base wrap-anywhere ${item.read ? "font-medium text-slate-800" : "font-semibold text-ink"}`}
          >
            {item.title}
            {item.read ? null : <span className="sr-only"> (unread)</span>}
          </h2>
          <span className="text-xs text-slate-500">{NOTIFICATION_CATEGORY_LABELS[item.category]}</span>
        </div>
        {/* The message as it was written: its line breaks kept, a long word wrapped. */}
        <p className="mt-1 text-sm whitespace-pre-line wrap-anywhere text-slate-700">{item.message}</p>
        <div className="mt-1">
          <NotificationOrigin sender={item.sender} when={relativeTime(item.createdAt, zone, new Date())} />
        </div>
        {/* A live notice (the bus approaching, a child boarded) opens its run live. */}
        {role === "parent" && item.runId ? (
          <Link
            to={`/parent/rides/${encodeURIComponent(item.runId)}`}
            className="mt-1 inline-flex min-h-11 items-center gap-1 text-sm font-medium text-brand-700 underline underline-offset-2"
          >
            Open the live ride
            <span className="sr-only">: {item.title}</span>
          </Link>
        ) : null}
      </div>
      <div className="flex shrink-0 items-start gap-1">
        {item.read ? null : (
          <IconButton
            label={`Mark "${item.title}" as read`}
            disabled={markRead.isPending}
            onClick={() => markRead.mutate({ notificationId: item.id })}
          >
            <Check aria-hidden="true" className="h-4 w-4" />
          </IconButton>
        )}
        <IconButton label={`Delete "${item.title}"`} tone="danger" onClick={() => onDelete(item)}>
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
  usePageTitle("Notifications · SchoolRide");
  const counts = list.data?.counts;
  const tabs: PageTab[] = [
    ...NOTIFICATION_TABS.filter((name) => name !== "attendance" || (counts?.attendance ?? 0) > 0),
    ...(role === "schoolAdmin" ? (["sent"] as const) : []),
  ];
  return (
    <div className="space-y-5">
      <PageHeader
        title="Notifications"
        subtitle={counts ? `${counts.unread} unread` : undefined}
        actions={
          role === "schoolAdmin" ? (
            <Button onClick={() => setSending(true)}>
              <Send aria-hidden="true" className="h-4 w-4" />
              Send Notification
            </Button>
          ) : undefined
        }
      />
      <FilterTabs
        label="Filter notifications"
        tabs={tabs}
        current={sent ? "sent" : tab}
        labels={TAB_LABELS}
        counts={counts}
        onSelect={(name) => setFilters({ tab: name })}
      />
      <DebouncedInput
        label={sent ? "Search sent notifications" : "Search notifications"}
        icon
        placeholder={sent ? "Search by title, route, trip or parent" : "Search by title or message"}
        value={filters.search}
        maxLength={120}
        onCommit={(search) => setFilters({ search })}
        className="max-w-md"
      />
      {sent ? (
        <Suspense fallback={<Loading label="Loading sent notifications…" />}>
          <SentNotifications search={filters.search} page={page} onPageChange={(next) => setFilters({ page: next })} />
        </Suspense>
      ) : (
        <QueryState
          query={list}
          loading="Loading notifications…"
          failed="Failed to load notifications."
          isEmpty={(data) => data.rows.length === 0}
          empty={<EmptyState title={sharedText(NOTIFICATION_MESSAGES.empty)} spacious />}
        >
          {(data) => (
            <>
              <ul
                aria-label="Notifications"
                className="divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white"
              >
                {data.rows.map((item) => (
                  <NotificationRow key={item.id} item={item} zone={data.timeZone} role={role} onDelete={setDeleting} />
                ))}
              </ul>
              <Pagination
                result={data}
                noun="notifications"
                label="Notifications pages"
                onPageChange={(next) => setFilters({ page: next })}
              />
            </>
          )}
        </QueryState>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? null : setDeleting(null))}
        title="Delete Notification"
        message={sharedText(NOTIFICATION_MESSAGES.confirmDelete)}
        confirmLabel="Delete"
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
