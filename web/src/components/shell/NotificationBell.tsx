import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Bell } from "lucide-react";
import { NavLink } from "react-router";
import { type InboxRole, useUnreadCount } from "../../features/notifications/unread.ts";

/** The header's bell: a link to the person's notifications with their unread count. */
export function NotificationBell({ role, home }: { role: InboxRole; home: string }) {
  const { t } = useLingui();
  const unread = useUnreadCount(role).data?.unread ?? 0;
  return (
    <NavLink
      to={`${home}/notifications`}
      aria-label={
        unread > 0 ? t`Notifications, ${plural(unread, { one: "# unread", other: "# unread" })}` : t`Notifications`
      }
      className="relative inline-flex h-11 w-11 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100"
    >
      <Bell aria-hidden="true" className="h-5 w-5" />
      {unread > 0 ? (
        <span
          aria-hidden="true"
          className="absolute end-0 top-0 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs leading-5 font-semibold text-white"
        >
          {unread > 99 ? "99+" : unread}
        </span>
      ) : null}
    </NavLink>
  );
}
