import { zodResolver } from "@hookform/resolvers/zod";
import { Trans, useLingui } from "@lingui/react/macro";
import { Mail, Send, UserMinus } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { createParentInvitationInput } from "#shared/invitations.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { SecondaryButton } from "../../components/ui/buttons.tsx";
import { Dialog } from "../../components/ui/dialog.tsx";
import { Button, maxLengthOf, TextField } from "../../components/ui/form.tsx";
import { QueryState } from "../../components/ui/states.tsx";
import {
  type ChildGuardians,
  useChildGuardians,
  useInviteGuardian,
  useRemoveGuardian,
  useResendGuardianInvitation,
  useRevokeGuardianInvitation,
} from "../../features/guardians/hooks.ts";
import { formatDateTimeIn, useSchoolZone } from "../../lib/school-zone.ts";

type InviteForm = z.input<typeof createParentInvitationInput>;
type InviteValues = z.output<typeof createParentInvitationInput>;
type Guardian = ChildGuardians["guardians"][number];

/** Thumb-sized (44 px) buttons on a phone. */
const TARGET = "min-h-11";

/** One guardian, with Leave (yourself, while another remains) or Remove (the owner, for another). */
function GuardianRow({ guardian, data, childId }: { guardian: Guardian; data: ChildGuardians; childId: string }) {
  const [confirming, setConfirming] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  // The button the parent pressed has gone: the focus moves to the confirmation it opened.
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);
  const remove = useRemoveGuardian(() => setConfirming(false));
  const canLeave = guardian.isYou && data.guardians.length > 1;
  const canRemove = !guardian.isYou && data.youOwn;
  const { t } = useLingui();
  const childName = data.child.name;
  const guardianName = guardian.name;
  const action = guardian.isYou ? t`Leave` : t`Remove`;
  const label = guardian.isYou ? t`Leave as ${childName}'s guardian` : t`Remove ${guardianName}`;
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 wrap-anywhere">
        <p className="font-medium text-ink">
          {guardian.name}
          {guardian.isYou ? (
            <span className="font-normal text-slate-600">
              {" "}
              <Trans>(you)</Trans>
            </span>
          ) : null}
        </p>
        <p className="text-sm text-slate-600">{guardian.email}</p>
        <Badge tone={guardian.role === "owner" ? "blue" : "slate"}>
          {guardian.role === "owner" ? <Trans>Added the child</Trans> : <Trans>Guardian</Trans>}
        </Badge>
      </div>
      {canLeave || canRemove ? (
        confirming ? (
          <fieldset className="flex shrink-0 gap-2">
            <legend className="sr-only">{t`Confirm: ${label}`}</legend>
            <button
              type="button"
              ref={confirmRef}
              className={`${TARGET} rounded-md bg-red-600 px-3 text-sm font-semibold text-white hover:bg-red-700 disabled:opacity-60`}
              disabled={remove.isPending}
              onClick={() => !remove.isPending && remove.mutate({ childId, parentId: guardian.id })}
            >
              {action}
            </button>
            <SecondaryButton className={TARGET} onClick={() => setConfirming(false)}>
              <Trans>Cancel</Trans>
            </SecondaryButton>
          </fieldset>
        ) : (
          <SecondaryButton
            className={`${TARGET} shrink-0 text-red-700`}
            aria-label={label}
            onClick={() => setConfirming(true)}
          >
            <UserMinus aria-hidden="true" className="h-4 w-4" />
            {action}
          </SecondaryButton>
        )
      ) : null}
    </li>
  );
}

/** Invite a guardian: name and e-mail; the same answer whatever the address (ADR 0053). */
function InviteGuardian({ childId, childName }: { childId: string; childName: string }) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<InviteForm, unknown, InviteValues>({
    resolver: zodResolver(createParentInvitationInput),
    defaultValues: { name: "", email: "" },
  });
  const invite = useInviteGuardian(() => reset());
  const { t } = useLingui();
  return (
    <section aria-labelledby="invite-guardian" className="mt-6 border-t border-slate-200 pt-4">
      <h3 id="invite-guardian" className="font-semibold text-ink">
        <Trans>Invite a guardian</Trans>
      </h3>
      <p className="mt-1 text-sm text-slate-600">
        <Trans>
          Another parent of {childName}, for example in a second household. They will see {childName}'s stops and rides,
          and can mark days not riding. Invoices stay with the parent they are addressed to.
        </Trans>
      </p>
      <form
        noValidate
        className="mt-3 space-y-3"
        onSubmit={handleSubmit((values) => !invite.isPending && invite.mutate({ childId, ...values }))}
      >
        <TextField
          label={t`Name`}
          autoComplete="off"
          maxLength={maxLengthOf(createParentInvitationInput.shape.name)}
          error={errors.name?.message}
          {...register("name")}
        />
        <TextField
          label={t`E-mail`}
          type="email"
          inputMode="email"
          autoComplete="off"
          maxLength={254}
          error={errors.email?.message}
          {...register("email")}
        />
        <Button type="submit" className={`${TARGET} w-full sm:w-auto`} disabled={invite.isPending}>
          <Mail aria-hidden="true" className="h-4 w-4" />
          {invite.isPending ? <Trans>Sending…</Trans> : <Trans>Send invitation</Trans>}
        </Button>
      </form>
    </section>
  );
}

/** A child's guardians: who sees the child, open invitations, and inviting another (ADR 0053). */
export default function GuardiansDialog({
  open,
  onOpenChange,
  child,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  child: { id: string; name: string };
}) {
  const list = useChildGuardians(child.id, open);
  const revoke = useRevokeGuardianInvitation();
  const resend = useResendGuardianInvitation();
  const resendingId = resend.isPending ? resend.variables.inviteId : null;
  const zone = useSchoolZone();
  const { t } = useLingui();
  const childName = child.name;
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t`${childName}'s guardians`}>
      <QueryState query={list} loading={t`Loading guardians…`} failed={t`Failed to load the guardians.`}>
        {(data) => (
          <>
            <ul aria-label={t`Guardians`} className="divide-y divide-slate-200">
              {data.guardians.map((guardian) => (
                <GuardianRow key={guardian.id} guardian={guardian} data={data} childId={child.id} />
              ))}
            </ul>
            {data.invitations.length > 0 ? (
              <section aria-labelledby="open-invitations" className="mt-4">
                <h3 id="open-invitations" className="text-sm font-semibold text-ink">
                  <Trans>Invitations waiting</Trans>
                </h3>
                <ul className="divide-y divide-slate-200">
                  {data.invitations.map((invitation) => {
                    const email = invitation.email;
                    const expires = formatDateTimeIn(invitation.expiresAt, zone);
                    return (
                      <li
                        key={invitation.id}
                        className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
                      >
                        <div className="min-w-0 wrap-anywhere text-sm">
                          <p className="font-medium text-ink">{invitation.name}</p>
                          <p className="text-slate-600">{invitation.email}</p>
                          <p className="text-slate-600">
                            <Trans>Expires {expires}</Trans>
                          </p>
                        </div>
                        <div className="flex shrink-0 gap-2">
                          <SecondaryButton
                            className={TARGET}
                            aria-label={t`Resend invitation to ${email}`}
                            disabled={resendingId === invitation.id}
                            onClick={() => !resend.isPending && resend.mutate({ inviteId: invitation.id })}
                          >
                            <Send aria-hidden="true" className="h-4 w-4" />
                            {resendingId === invitation.id ? <Trans>Resending…</Trans> : <Trans>Resend</Trans>}
                          </SecondaryButton>
                          <SecondaryButton
                            className={TARGET}
                            aria-label={t`Withdraw the invitation to ${email}`}
                            disabled={revoke.isPending}
                            onClick={() => !revoke.isPending && revoke.mutate({ inviteId: invitation.id })}
                          >
                            <Trans>Withdraw</Trans>
                          </SecondaryButton>
                        </div>
                      </li>
                    );
                  })}
                </ul>
              </section>
            ) : null}
          </>
        )}
      </QueryState>
      <InviteGuardian childId={child.id} childName={child.name} />
    </Dialog>
  );
}
