import { and, eq, sql } from "drizzle-orm";
import { parents, schoolAdmins, schools } from "#db/schema/index.ts";
import { profileRoleIssues, type UpdateProfileInput } from "#shared/account.ts";
import { INVITATION_MESSAGES } from "#shared/invitations.ts";
import { formatPhone } from "#shared/phone.ts";
import { said } from "#shared/said.ts";
import { checkedPhone } from "../_shared/phone.ts";
import type { SchoolScope } from "../_shared/scope.ts";
import { auditInsert } from "../audit.ts";
import { AppError } from "../errors.ts";
import { dataSubjectOf } from "./export.ts";

/**
 * "My Account"'s profile: what the signed-in parent or school admin's record says about them (the
 * session carries the name and e-mail but not the rest): phones formatted for reading, the last
 * sign-in (an instant: the page shows it in the school's zone), and a parent's emergency contact.
 */
export async function myProfile(scope: SchoolScope) {
  const { db } = scope.deps;
  const subject = dataSubjectOf(scope);
  const where = (table: typeof parents | typeof schoolAdmins) =>
    and(eq(table.id, subject.id), eq(table.schoolId, subject.schoolId));
  const common = (table: typeof parents | typeof schoolAdmins) => ({
    name: table.name,
    email: table.email,
    phone: table.phone,
    address: table.address,
    lastLogin: table.lastLogin,
    school: schools.name,
  });
  const [row] =
    subject.role === "parent"
      ? await db
          .select({
            ...common(parents),
            emergencyContact: parents.emergencyContact,
            emergencyPhone: parents.emergencyPhone,
          })
          .from(parents)
          .innerJoin(schools, eq(schools.id, parents.schoolId))
          .where(where(parents))
      : await db
          .select({
            ...common(schoolAdmins),
            emergencyContact: sql<string | null>`null`,
            emergencyPhone: sql<string | null>`null`,
          })
          .from(schoolAdmins)
          .innerJoin(schools, eq(schools.id, schoolAdmins.schoolId))
          .where(where(schoolAdmins));
  if (!row) throw new AppError("NOT_FOUND", said(/*i18n*/ { id: "Account not found" }));
  const region = scope.phoneRegion;
  const given = (text: string | null) => (text?.trim() ? text : null);
  return {
    name: row.name,
    email: row.email,
    phone: formatPhone(row.phone, region),
    address: given(row.address),
    lastLogin: row.lastLogin,
    school: row.school,
    /** A parent's emergency contact and its phone (null for a school admin, or never given). */
    emergencyContact: given(row.emergencyContact),
    emergencyPhone: formatPhone(row.emergencyPhone, region),
  };
}

/**
 * Edit Profile: the signed-in person's own phone and address, and a parent's emergency contact and
 * phone, by sign-up's rules (a parent's emergency fields required; phones valid in the school's
 * region, stored in E.164). Refused (400) before anything is written; one update and its audit row.
 */
export async function updateProfile(scope: SchoolScope, input: UpdateProfileInput) {
  const { db } = scope.deps;
  const subject = dataSubjectOf(scope);
  const [issue] = profileRoleIssues(subject.role, input);
  if (issue) throw new AppError("BAD_REQUEST", issue.message);
  const phone = checkedPhone(scope.phoneRegion, input.phone);
  const address = input.address.trim();
  const emergency =
    subject.role === "parent"
      ? {
          emergencyContact: input.emergencyContact?.trim() ?? "",
          emergencyPhone: checkedPhone(
            scope.phoneRegion,
            input.emergencyPhone,
            INVITATION_MESSAGES.emergencyPhoneRequired,
          ),
        }
      : {};
  const table = subject.role === "parent" ? parents : schoolAdmins;
  const [updated] = await db.batch([
    db
      .update(table)
      .set({ phone, address, ...emergency, updatedAt: scope.now })
      .where(and(eq(table.id, subject.id), eq(table.schoolId, subject.schoolId))),
    auditInsert(
      db,
      {
        eventType: "account.profile_updated",
        description: `${scope.actor.email} updated their contact details`,
        userId: subject.id,
        userRole: subject.role,
        schoolId: subject.schoolId,
        metadata: { fields: ["phone", "address", ...Object.keys(emergency)] },
        at: scope.now,
      },
      scope.meta,
    ),
  ]);
  if (updated.rowsAffected !== 1) throw new AppError("NOT_FOUND", said(/*i18n*/ { id: "Account not found" }));
  return myProfile(scope);
}
