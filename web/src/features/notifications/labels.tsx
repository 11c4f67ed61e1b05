import { msg, t } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { AlertTriangle, CheckCircle2, Info, XCircle } from "lucide-react";
import type { NotificationCategory, NotificationType, SendAudienceKind } from "#shared/enums.ts";
import type { NotificationTab } from "#shared/notification-texts.ts";
import { translatedLabels } from "../../lib/translated-labels.ts";

export const NOTIFICATION_TAB_LABELS: Record<NotificationTab, string> = translatedLabels({
  all: msg`All`,
  unread: msg`Unread`,
  system: msg`System`,
  trip: msg`Trip Updates`,
  payment: msg`Payments`,
  attendance: msg`Attendance`,
});

/** Who a send went to, as its row in the Sent tab says it ("Route: North Loop", "Parent: Dana Rivers"). */
export function sendAudienceText(send: {
  audienceKind: SendAudienceKind;
  audienceLabel: string | null;
  parentName: string | null;
}): string {
  const label = `${send.audienceLabel}`;
  const { parentName } = send;
  switch (send.audienceKind) {
    case "school":
      return t`All parents`;
    case "route":
      return t`Route: ${label}`;
    case "parent":
      return parentName ? t`Parent: ${parentName}` : t`Parent: a former parent`;
    case "trip":
      return t`Trip: ${label}`;
    case "flight-trip":
      return t`Flight trip: ${label}`;
    case "invoice":
      return t`Invoice: ${label}`;
  }
}

/** "0 of 3 read". */
export const readCountText = ({ readCount, recipients }: { readCount: number; recipients: number }) =>
  t`${readCount} of ${recipients} read`;

export const NOTIFICATION_CATEGORY_LABELS: Record<NotificationCategory, string> = translatedLabels({
  system: msg`System`,
  trip: msg`Trip Update`,
  payment: msg`Payment`,
  attendance: msg`Attendance`,
});
export const NOTIFICATION_TYPE_LABELS: Record<NotificationType, string> = translatedLabels({
  info: msg`Info`,
  success: msg`Success`,
  warning: msg`Warning`,
  error: msg`Error`,
});

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

/** Who sent it and when: "From Morgan Lee · Today at 7:30 AM" (the admin's name, or the school's). */
export function NotificationOrigin({ sender, when }: { sender: string; when: string }) {
  return (
    <p className="text-xs wrap-anywhere text-slate-600">
      {sender ? (
        <>
          <Trans>
            From <span className="font-medium text-slate-700">{sender}</span>
          </Trans>{" "}
          ·{" "}
        </>
      ) : null}
      {when}
    </p>
  );
}
