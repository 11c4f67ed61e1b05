import { Trans, useLingui } from "@lingui/react/macro";
import { CheckCheck } from "lucide-react";
import { PARENT_DASHBOARD_TEXTS as TEXTS } from "#shared/parent-dashboard.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { IconButton } from "../../components/ui/buttons.tsx";
import type { ParentDashboard } from "../../features/dashboard/hooks.ts";
import { useMarkNotificationRead } from "../../features/notifications/hooks.ts";
import { NotificationOrigin, NotificationTypeIcon } from "../../features/notifications/labels.tsx";
import { sharedText } from "../../i18n/shared-texts.ts";

/**
 * The dashboard's Recent Notifications (spec): the 3 newest, unread ones marked (bold, a badge) with
 * Mark as read. Its own module, loaded as the dashboard renders: the last section on a phone, its
 * code (the notification types' icons and labels, marking read) is not in the dashboard's first load.
 */
export default function RecentNotifications({ data }: { data: ParentDashboard }) {
  const markRead = useMarkNotificationRead("parent");
  const { t } = useLingui();
  if (data.recentNotifications.length === 0)
    return <p className="text-sm text-slate-600">{sharedText(TEXTS.noNotifications)}</p>;
  return (
    <ul className="divide-y divide-slate-100">
      {data.recentNotifications.map((item) => {
        const title = item.title;
        return (
          <li key={item.id} className="flex items-start gap-3 py-2">
            <NotificationTypeIcon type={item.type} />
            <div className="min-w-0 flex-1">
              <p className={`wrap-anywhere ${item.read ? "text-slate-700" : "font-semibold text-ink"}`}>
                {item.title}{" "}
                {item.read ? null : (
                  <Badge tone="blue">
                    <Trans>Unread</Trans>
                  </Badge>
                )}
              </p>
              <p className="line-clamp-2 text-sm whitespace-pre-line wrap-anywhere text-slate-600">{item.message}</p>
              <NotificationOrigin sender={item.sender} when={item.when} />
            </div>
            {item.read ? null : (
              <IconButton
                label={t`Mark "${title}" as read`}
                className="h-11 w-11 border border-slate-300"
                disabled={markRead.isPending}
                onClick={() => markRead.mutate({ notificationId: item.id })}
              >
                <CheckCheck aria-hidden="true" className="h-5 w-5" />
              </IconButton>
            )}
          </li>
        );
      })}
    </ul>
  );
}
