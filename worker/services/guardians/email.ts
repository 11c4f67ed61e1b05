import type { Db } from "#db/client.ts";
import { guardianInvitationEmail } from "#worker/email/templates.ts";
import { schoolLocale } from "#worker/i18n/person.ts";
import {
  acceptLink,
  accountWithEmail,
  type Invitation,
  type IssuedSecrets,
  invitationOrNotice,
  invitedName,
} from "../invitations/shared.ts";

/** Where an address that already has a parent account at the school accepts: signed in, on My Children. */
export function guardianAcceptLink(appUrl: string, token: string): string {
  return `${appUrl}/parent/children?guardianToken=${token}`;
}

/**
 * The e-mail of a guardian invitation, sent or resent (by a guardian or by the school admin), by what
 * the address has (AU1): no account, the link to create one; a parent account at the invitation's
 * school, the link to sign in and accept; an account at another school, the notice without any link
 * (ADR 0012). `notified` says it was the notice.
 */
export async function guardianInvitationMessage(
  db: Db,
  appUrl: string,
  invitation: Pick<Invitation, "email" | "expiresAt" | "metadata" | "role" | "schoolId">,
  names: { name: string; inviterName: string; childName: string; schoolName: string },
  secrets: Pick<IssuedSecrets, "token" | "temporaryPassword">,
) {
  const [account, locale] = await Promise.all([
    accountWithEmail(db, "parent", invitation.email),
    // Before the address has an account here: the school's default language.
    schoolLocale(db, invitation.schoolId),
  ]);
  const sameSchool = account?.schoolId === invitation.schoolId;
  if (account && !sameSchool)
    return {
      notified: true,
      message: invitationOrNotice(invitation, names.schoolName, secrets, appUrl, true, { locale }),
    };
  const message = {
    ...guardianInvitationEmail({
      ...names,
      locale,
      acceptLink: sameSchool ? guardianAcceptLink(appUrl, secrets.token) : acceptLink(appUrl, secrets.token),
      expiresAt: invitation.expiresAt,
      hasAccount: sameSchool,
    }),
    type: "parent_invite" as const,
  };
  return { notified: false, message };
}

/**
 * The names a resent guardian invitation's e-mail reads: who invited as recorded when it was sent (a
 * parent, or the school for a pupil import), else `inviterName`; the child as named now.
 */
export function resentGuardianNames(
  invitation: Pick<Invitation, "email" | "metadata">,
  names: { inviterName: string; childName: string; schoolName: string },
) {
  return {
    name: invitedName(invitation.metadata) ?? invitation.email,
    inviterName: invitation.metadata.inviter_name ?? names.inviterName,
    childName: names.childName,
    schoolName: names.schoolName,
  };
}

/** The children an e-mail names: "Ada", "Ada and Ben", "Ada, Ben and Cy". */
export const childNames = (list: string[]) =>
  list.length < 2 ? (list[0] ?? "") : `${list.slice(0, -1).join(", ")} and ${list.at(-1)}`;
