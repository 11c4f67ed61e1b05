import { Trans, useLingui } from "@lingui/react/macro";
import { MailPlus, RotateCw, UserCheck, UserX, X } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Badge } from "../../../components/ui/badge.tsx";
import { SecondaryButton } from "../../../components/ui/buttons.tsx";
import { lazyDialog } from "../../../components/ui/lazy-dialog.tsx";
import { PageSection } from "../../../components/ui/page-header.tsx";
import { QueryState } from "../../../components/ui/states.tsx";
import { type DriverRow, useDrivers, useSetDriverActive } from "../../../features/drivers/admin/hooks.ts";
import { useParentInvitationActions } from "../../../features/invitations/hooks.ts";

const ConfirmDialog = lazyDialog(async () => (await import("../../../components/ui/dialog.tsx")).ConfirmDialog);
const InviteDriverDialog = lazy(() => import("./InviteDriverDialog.tsx"));

const rowClass =
  "flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 bg-white px-4 py-2";
const actionClass = "min-h-11";

/**
 * The school's drivers (ADR 0057): each account with its status, deactivate / reactivate; the
 * invitations not yet accepted with resend and revoke; Invite Driver. A route or a trip is given
 * one of the active drivers on its form.
 */
export default function DriversSection() {
  const { t } = useLingui();
  const drivers = useDrivers();
  const [inviting, setInviting] = useState(false);
  const [toggling, setToggling] = useState<DriverRow | null>(null);
  const setActive = useSetDriverActive(() => setToggling(null));
  const { resend, revoke } = useParentInvitationActions();
  const togglingName = toggling?.name ?? "";
  const deactivateLabel = (name: string) => t`Deactivate ${name}`;
  const reactivateLabel = (name: string) => t`Reactivate ${name}`;
  return (
    <PageSection
      id="drivers-heading"
      title={t`Drivers`}
      aside={
        <SecondaryButton onClick={() => setInviting(true)}>
          <MailPlus aria-hidden="true" className="h-4 w-4" />
          <Trans>Invite Driver</Trans>
        </SecondaryButton>
      }
    >
      <QueryState
        query={drivers}
        loading={t`Loading drivers…`}
        failed={t`Failed to load drivers.`}
        isEmpty={(data) => data.drivers.length === 0 && data.invitations.length === 0}
        empty={
          <p className="text-sm text-slate-600">
            <Trans>No drivers yet. Invite one: they sign in on their phone and see the runs assigned to them.</Trans>
          </p>
        }
      >
        {(data) => (
          <div className="space-y-3">
            {data.drivers.length > 0 ? (
              <ul aria-label={t`Driver accounts`} className="grid gap-2 lg:grid-cols-2">
                {data.drivers.map((driver) => (
                  <li key={driver.id} className={rowClass}>
                    <span className="min-w-0 wrap-anywhere text-sm">
                      <span className="font-medium text-ink">{driver.name}</span>{" "}
                      <Badge tone={driver.isActive ? "green" : "slate"}>
                        {driver.isActive ? t`Active` : t`Inactive`}
                      </Badge>
                      <span className="block text-slate-600">
                        <span dir="ltr">{driver.email}</span>
                        {driver.phone ? (
                          <>
                            {" · "}
                            <span dir="ltr">{driver.phone}</span>
                          </>
                        ) : null}
                      </span>
                    </span>
                    <SecondaryButton
                      className={actionClass}
                      aria-label={driver.isActive ? deactivateLabel(driver.name) : reactivateLabel(driver.name)}
                      onClick={() => setToggling(driver)}
                    >
                      {driver.isActive ? (
                        <UserX aria-hidden="true" className="h-4 w-4" />
                      ) : (
                        <UserCheck aria-hidden="true" className="h-4 w-4" />
                      )}
                      {driver.isActive ? t`Deactivate` : t`Reactivate`}
                    </SecondaryButton>
                  </li>
                ))}
              </ul>
            ) : null}
            {data.invitations.length > 0 ? (
              <ul aria-label={t`Driver invitations`} className="grid gap-2 lg:grid-cols-2">
                {data.invitations.map((invitation) => {
                  const who = invitation.name ?? invitation.email;
                  return (
                    <li key={invitation.id} className={rowClass}>
                      <span className="min-w-0 wrap-anywhere text-sm">
                        <span className="font-medium text-ink">{who}</span>{" "}
                        <Badge tone={invitation.expired ? "red" : "amber"}>
                          {invitation.expired ? t`Invitation expired` : t`Invited`}
                        </Badge>
                        <span dir="ltr" className="block text-slate-600">
                          {invitation.email}
                        </span>
                      </span>
                      <span className="flex gap-2">
                        <SecondaryButton
                          className={actionClass}
                          aria-label={t`Resend the invitation to ${who}`}
                          disabled={resend.isPending}
                          onClick={() =>
                            resend.mutate({ inviteId: invitation.id, regenerateToken: invitation.expired })
                          }
                        >
                          <RotateCw aria-hidden="true" className="h-4 w-4" />
                          <Trans>Resend</Trans>
                        </SecondaryButton>
                        {invitation.expired ? null : (
                          <SecondaryButton
                            className={actionClass}
                            aria-label={t`Revoke the invitation to ${who}`}
                            disabled={revoke.isPending}
                            onClick={() => revoke.mutate({ inviteId: invitation.id })}
                          >
                            <X aria-hidden="true" className="h-4 w-4" />
                            <Trans>Revoke</Trans>
                          </SecondaryButton>
                        )}
                      </span>
                    </li>
                  );
                })}
              </ul>
            ) : null}
          </div>
        )}
      </QueryState>
      {inviting ? (
        <Suspense fallback={null}>
          <InviteDriverDialog open onOpenChange={setInviting} />
        </Suspense>
      ) : null}
      <ConfirmDialog
        open={toggling !== null}
        onOpenChange={(open) => (open ? null : setToggling(null))}
        title={toggling?.isActive ? t`Deactivate Driver` : t`Reactivate Driver`}
        message={
          toggling?.isActive
            ? t`Deactivate ${togglingName}? They are signed out at once and cannot sign in until reactivated; their routes keep them.`
            : t`Reactivate ${togglingName}? They can sign in again.`
        }
        confirmLabel={toggling?.isActive ? t`Deactivate` : t`Reactivate`}
        busy={setActive.isPending}
        onConfirm={() => toggling && setActive.mutate({ driverId: toggling.id, active: !toggling.isActive })}
      />
    </PageSection>
  );
}
