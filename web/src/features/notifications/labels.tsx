import { AlertTriangle, CheckCircle2, Info, XCircle } from "lucide-react";
import type { NotificationCategory, NotificationType } from "#shared/enums.ts";
import type { NotificationTab } from "#shared/notification-texts.ts";

export const NOTIFICATION_TAB_LABELS: Record<NotificationTab, string> = {
  all: "All",
  unread: "Unread",
  system: "System",
  trip: "Trip Updates",
  payment: "Payments",
  attendance: "Attendance",
};

export const NOTIFICATION_CATEGORY_LABELS: Record<NotificationCategory, string> = { system: "System", trip: "Trip Update", payment: "Payment", attendance: "Attendance" };
export const NOTIFICATION_TYPE_LABELS: Record<NotificationType, string> = { info: "Info", success: "Success", warning: "Warning", error: "Error" };

const ICONS = {
  info: { Icon: Info, className: "bg-sky-100 text-sky-800" },
  success: { Icon: CheckCircle2, className: "bg-green-100 text-green-800" },
  warning: { Icon: AlertTriangle, className: "bg-amber-100 text-amber-900" },
  error: { Icon: XCircle, className: "bg-red-100 text-red-800" },
} as const;

/** The spec's type icon (info, success, warning, error). */
export function NotificationTypeIcon({ type }: { type: NotificationType }) {
  const { Icon, className } = ICONS[type];
  return (
    <span className={`inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full ${className}`}>
      <Icon aria-hidden="true" className="h-5 w-5" />
      <span className="sr-only">{NOTIFICATION_TYPE_LABELS[type]}</span>
    </span>
  );
}
