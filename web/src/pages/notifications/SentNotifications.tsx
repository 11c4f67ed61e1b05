import { i18n } from "@lingui/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { relativeTime } from "#shared/school-time.ts";
import { CardFields, CardHeader, DataTable } from "../../components/ui/data-table.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { Pagination, useLastPageFallback } from "../../components/ui/pagination.tsx";
import { QueryState } from "../../components/ui/states.tsx";
import {
  NOTIFICATION_CATEGORY_LABELS,
  NotificationTypeIcon,
  readCountText,
  sendAudienceText,
} from "../../features/notifications/labels.tsx";
import { type SentNotification, useSentNotifications } from "../../features/notifications/send-hooks.ts";

/** "Today at 7:30 AM" in the school's zone, and who sent it when the app did. */
function SentWhen({ send, zone }: { send: SentNotification; zone: string }) {
  return (
    <>
      {relativeTime(send.createdAt, zone, new Date(), i18n)}
      {send.automatic ? (
        <span className="block text-xs text-slate-500">
          <Trans>Sent automatically</Trans>
        </span>
      ) : null}
    </>
  );
}

/** The send's type icon, its title (long words wrap) and its category. */
function SendTitle({ send, strong = false }: { send: SentNotification; strong?: boolean }) {
  return (
    <span className="flex items-start gap-3">
      <NotificationTypeIcon type={send.type} />
      <span className="min-w-0">
        <span className={`block break-words text-ink ${strong ? "font-semibold" : "font-medium"}`}>{send.title}</span>
        <span className="block text-xs font-normal text-slate-500">{NOTIFICATION_CATEGORY_LABELS[send.category]}</span>
      </span>
    </span>
  );
}

/** How many of the recipients have read it, in words and as a bar. */
function ReadCount({ send }: { send: SentNotification }) {
  const share = send.recipients === 0 ? 0 : Math.round((send.readCount / send.recipients) * 100);
  return (
    <span className="flex w-full max-w-32 flex-col gap-1">
      <span className="whitespace-nowrap">{readCountText(send)}</span>
      <span aria-hidden="true" className="block h-1.5 w-full overflow-hidden rounded-full bg-slate-200">
        <span className="block h-full rounded-full bg-brand-500" style={{ width: `${share}%` }} />
      </span>
    </span>
  );
}

/**
 * The school admin's Sent tab (issue 25): each send to parents once, newest first, with when,
 * to whom (as the send recorded it), how many parents it reached and how many have read it; a
 * table at desk widths, cards on phones.
 */
export function SentNotifications({
  search,
  page,
  onPageChange,
}: {
  search: string;
  page: number;
  onPageChange: (page: number) => void;
}) {
  const { t } = useLingui();
  const list = useSentNotifications({ ...(search ? { search } : {}), page });
  useLastPageFallback(list.data?.pages, page, onPageChange);
  return (
    <QueryState
      query={list}
      loading={t`Loading sent notifications…`}
      failed={t`Failed to load sent notifications.`}
      isEmpty={(data) => data.total === 0}
      empty={
        search ? (
          <EmptyState title={t`No sent notifications match your search`}>
            <Trans>Try another title, route, trip or parent.</Trans>
          </EmptyState>
        ) : (
          <EmptyState title={t`Nothing sent yet`} spacious>
            <Trans>
              Notifications you send to parents, and the app's notices to them, appear here with how many have read
              them.
            </Trans>
          </EmptyState>
        )
      }
    >
      {(data) => {
        const zone = data.timeZone;
        return (
          <>
            <DataTable
              caption={t`Sent notifications`}
              rows={data.rows}
              rowKey={(send) => send.id}
              cardsBelow="lg"
              columns={[
                {
                  header: t`Notification`,
                  rowHeader: true,
                  width: "w-[32%]",
                  className: "text-ink",
                  cell: (send) => <SendTitle send={send} />,
                },
                { header: t`Sent`, width: "w-[18%]", cell: (send) => <SentWhen send={send} zone={zone} /> },
                {
                  header: t`Audience`,
                  width: "w-[22%]",
                  className: "break-words",
                  cell: (send) => sendAudienceText(send),
                },
                {
                  header: t`Recipients`,
                  width: "w-[13%]",
                  className: "text-end",
                  headerClassName: "text-end",
                  cell: (send) => send.recipients,
                },
                { header: t`Read`, width: "w-[15%]", cell: (send) => <ReadCount send={send} /> },
              ]}
              card={(send) => (
                <>
                  <CardHeader title={<SendTitle send={send} strong />} />
                  <CardFields
                    items={[
                      { label: t`Sent`, value: <SentWhen send={send} zone={zone} /> },
                      { label: t`Audience`, value: sendAudienceText(send), className: "break-words" },
                      { label: t`Recipients`, value: send.recipients },
                      { label: t`Read`, value: <ReadCount send={send} /> },
                    ]}
                  />
                </>
              )}
            />
            <Pagination
              result={data}
              noun={t`sent notifications`}
              label={t`Sent notifications pages`}
              onPageChange={onPageChange}
            />
          </>
        );
      }}
    </QueryState>
  );
}
