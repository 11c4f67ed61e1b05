import { and, eq, gt } from "drizzle-orm";
import { invitations, schools } from "#db/schema/index.ts";
import { INVITATION_MESSAGES, INVITATION_ROLE_LABELS } from "#shared/invitations.ts";
import { said } from "#shared/said.ts";
import { normalizeEmail } from "#worker/auth/users.ts";
import { schoolLocale } from "#worker/i18n/person.ts";
import { commitWithOutbox } from "../_shared/commit.ts";
import type { Scope } from "../_shared/scope.ts";
import { limitEmailSend } from "../email/limits.ts";
import { AppError } from "../errors.ts";
import {
  accountWithEmail,
  freshExpiry,
  type InvitableRole,
  type Invitation,
  invitationMetadata,
  invitationOrNotice,
  issueSecrets,
} from "./shared.ts";

/**
 * Creates an invitation, its e-mail (outbox) and an audit row in one batch, then enqueues the
 * e-mail. Refuses a live invitation for the same school, and an address with an account the actor
 * can see anyway (a super admin sees every school; a school admin their own). An account at
 * another school is not revealed: the answer is the same as for a fresh address, and its owner
 * gets a notice instead of an invitation (ADR 0012).
 */
export async function createInvitation(
  scope: Scope,
  input: { role: InvitableRole; email: string; name: string; schoolId: string },
): Promise<Invitation> {
  const { deps, actor, meta, now } = scope;
  const { db, config } = deps;
  const email = normalizeEmail(input.email);

  const [schoolRows, existingAccount, livePending, expiresAt] = await Promise.all([
    db
      .select({ id: schools.id, name: schools.name, isActive: schools.isActive })
      .from(schools)
      .where(eq(schools.id, input.schoolId)),
    accountWithEmail(db, input.role, email),
    db
      .select({ id: invitations.id })
      .from(invitations)
      .where(
        and(
          eq(invitations.email, email),
          eq(invitations.role, input.role),
          eq(invitations.schoolId, input.schoolId),
          eq(invitations.status, "pending"),
          gt(invitations.expiresAt, now),
        ),
      )
      .limit(1),
    freshExpiry(db, now),
  ]);
  const school = schoolRows[0];
  if (!school) throw new AppError("BAD_REQUEST", INVITATION_MESSAGES.selectSchool);
  if (!school.isActive)
    throw new AppError(
      "BAD_REQUEST",
      said(/*i18n*/ { id: "This school is inactive; activate it before inviting people." }),
    );
  if (existingAccount && (actor.role === "super_admin" || existingAccount.schoolId === school.id)) {
    throw new AppError("CONFLICT", INVITATION_MESSAGES.accountExists);
  }
  if (livePending.length > 0) throw new AppError("CONFLICT", INVITATION_MESSAGES.pendingExists);
  await limitEmailSend(db, { recipient: email, actorId: actor.id, ipAddress: meta.ipAddress }, now);

  const secrets = await issueSecrets(input.role);
  const invitation: Invitation = {
    id: crypto.randomUUID(),
    email,
    role: input.role,
    schoolId: school.id,
    tokenHash: secrets.tokenHash,
    temporaryPasswordHash: secrets.temporaryPasswordHash,
    status: "pending",
    expiresAt,
    acceptedAt: null,
    acceptedUserId: null,
    childId: null,
    revokedAt: null,
    reminderSentAt: null,
    invitedBy: actor.id,
    invitedByRole: actor.role,
    metadata: invitationMetadata(input.role, input.name.trim(), config.appUrl),
    createdAt: now,
    updatedAt: now,
  };
  await commitWithOutbox(scope, [db.insert(invitations).values(invitation)], {
    emails: [
      {
        ...invitationOrNotice(invitation, school.name, secrets, config.appUrl, existingAccount !== null, {
          locale: await schoolLocale(db, school.id),
        }),
        to: email,
        schoolId: school.id,
        relatedId: invitation.id,
      },
    ],
    audit: {
      eventType: "invitation_sent",
      description: `Invited ${email} as ${INVITATION_ROLE_LABELS[input.role]} of ${school.name}`,
      schoolId: school.id,
      metadata: {
        invite_id: invitation.id,
        email,
        role: input.role,
        ...(existingAccount ? { existing_account_notified: true } : {}),
      },
    },
  });
  return invitation;
}
