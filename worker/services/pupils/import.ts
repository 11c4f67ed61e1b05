import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { insertManyWhere } from "#db/conditional.ts";
import { childGuardians, children, emailLogs, invitations, parents, rateLimits, schools } from "#db/schema/index.ts";
import { GRADES } from "#shared/children-texts.ts";
import { type Locale, SOURCE_LOCALE } from "#shared/locales.ts";
import { type importPupilsInput, OPTIONAL_PUPIL_COLUMNS, PUPIL_COLUMNS, PUPIL_IMPORT_LIMITS } from "#shared/pupils.ts";
import type { ImportPreview, ImportRow } from "#shared/route-imports.ts";
import { normalizeEmail } from "#worker/auth/users.ts";
import { guardianInvitationEmail } from "#worker/email/templates.ts";
import { resolveLocale } from "#worker/i18n/person.ts";
import { hitWindow } from "../_shared/rate-limit.ts";
import type { SchoolScope } from "../_shared/scope.ts";
import { DAY_MS } from "../_shared/time.ts";
import { auditInsert } from "../audit.ts";
import { EMAIL_SEND_LIMITS } from "../email/limits.ts";
import { enqueueEmails, outboxInsertValues } from "../email/outbox.ts";
import { AppError, tooManyRequests } from "../errors.ts";
import { childNames } from "../guardians/email.ts";
import { acceptLink, invitationMetadata, invitationOrNotice, issueSecrets } from "../invitations/shared.ts";
import { readPlatformSettings } from "../platform/settings.ts";
import { type ImportProblem, PUPIL_PROBLEMS as M, problemIn } from "../routes/import-texts.ts";
import { preview, readTable, refuse } from "../routes/imports.ts";

/**
 * The school's pupil import (ADR 0053): each row a pupil (name, age, grade, optional health notes
 * and emergency contact) and one or two guardians (name, e-mail). `preview` checks every row and
 * writes nothing; `commit` checks again and writes every pupil or none, in ONE batch: the children
 * (owned by a guardian who already has a parent account at the school, matched by e-mail, else by
 * nobody until a guardian accepts), the matched accounts' guardian rows, an invitation per new
 * guardian and pupil, and ONE e-mail per new address (all its pupils, one link) in the outbox, put
 * on the queue in batches once committed. Values are stored as typed (ADR 0052).
 */

type Guardian = { name: string; email: string };
type PupilPlan = {
  id: string;
  name: string;
  age: number;
  grade: (typeof GRADES)[number];
  emergencyContact: string;
  allergyInfo: string | null;
  specialNeeds: string | null;
  owner: string | null;
  links: string[];
  invites: Guardian[];
};

const emailSchema = z.email();
const key = (value: string) => value.trim().toLowerCase();
const GRADE_BY_KEY = new Map(GRADES.map((grade) => [key(grade), grade]));

/** The file checked against the school's parents and children: each row's problems, and the pupils to write. */
async function planPupils(scope: SchoolScope, csv: string, locale: Locale) {
  const say = (problem: ImportProblem) => problemIn(locale, problem);
  const table = readTable(csv, PUPIL_COLUMNS, OPTIONAL_PUPIL_COLUMNS, locale);
  if ("error" in table) return { preview: { rows: [], valid: false, error: table.error } as ImportPreview, pupils: [] };
  const { db } = scope.deps;
  const [accountRows, guardedRows, invitedRows] = await db.batch([
    db.select({ id: parents.id, email: parents.email }).from(parents).where(eq(parents.schoolId, scope.schoolId)),
    db
      .select({ name: children.name, parentId: childGuardians.parentId })
      .from(childGuardians)
      .innerJoin(children, eq(children.id, childGuardians.childId))
      .where(eq(childGuardians.schoolId, scope.schoolId)),
    // Pupils waiting for a guardian: an earlier import's, still invited (so a file imported twice is refused).
    db
      .select({ name: children.name, email: invitations.email })
      .from(invitations)
      .innerJoin(children, eq(children.id, invitations.childId))
      .where(and(eq(invitations.schoolId, scope.schoolId), eq(invitations.status, "pending"))),
  ]);
  const accounts = new Map(accountRows.map((row) => [row.email, row.id]));
  const guarded = new Set(guardedRows.map((row) => `${key(row.name)}|${row.parentId}`));
  const invited = new Set(invitedRows.map((row) => `${key(row.name)}|${row.email}`));
  const seen = new Map<string, number>();
  const pupils: PupilPlan[] = [];
  const rows: ImportRow[] = table.rows.map(({ line, values }) => {
    const problems: ImportProblem[] = [];
    const text = (column: "emergency contact" | "allergies" | "special needs", max: number) => {
      const value = values[column] ?? "";
      if (value.length > max) problems.push(M.tooLong(column, max));
      return value;
    };
    const name = values.pupil ?? "";
    if (name === "" || name.length > 120) problems.push(M.pupil);
    const age = /^\d{1,2}$/.test(values.age ?? "") ? Number(values.age) : Number.NaN;
    if (!(age >= 3 && age <= 18)) problems.push(M.age);
    const grade = GRADE_BY_KEY.get(key(values.grade ?? ""));
    if (!grade) problems.push(M.grade);
    const guardian = (n: 1 | 2): Guardian | null => {
      const guardianName = values[`guardian ${n} name`] ?? "";
      const raw = values[`guardian ${n} email`] ?? "";
      if (n === 2 && guardianName === "" && raw === "") return null;
      if (n === 2 && (guardianName === "") !== (raw === "")) {
        problems.push(M.guardianHalf);
        return null;
      }
      if (guardianName === "" || guardianName.length > 120) problems.push(M.guardianName(n));
      const email = normalizeEmail(raw);
      if (email.length > 254 || !emailSchema.safeParse(email).success) problems.push(M.guardianEmail(n));
      return { name: guardianName, email };
    };
    const first = guardian(1);
    const second = guardian(2);
    if (first && second && first.email === second.email) problems.push(M.sameGuardian);
    const emergencyContact = text("emergency contact", 200);
    const allergies = text("allergies", 1000);
    const needs = text("special needs", 1000);
    const guardians = [first, second].filter((entry) => entry !== null);
    if (problems.length === 0 && first) {
      const twice = seen.get(`${key(name)}|${first.email}`);
      if (twice !== undefined) problems.push(M.duplicate(twice));
      else seen.set(`${key(name)}|${first.email}`, line);
      const matched = guardians.flatMap((entry) => accounts.get(entry.email) ?? []);
      if (
        matched.some((id) => guarded.has(`${key(name)}|${id}`)) ||
        guardians.some((entry) => invited.has(`${key(name)}|${entry.email}`))
      )
        problems.push(M.exists);
    }
    if (problems.length === 0 && grade && first) {
      const matched = guardians.flatMap((entry) => accounts.get(entry.email) ?? []);
      pupils.push({
        id: crypto.randomUUID(),
        name,
        age,
        grade,
        // The child record requires an emergency contact: guardian 1 unless the file names one.
        emergencyContact: emergencyContact || `${first.name} (${first.email})`,
        allergyInfo: allergies || null,
        specialNeeds: needs || null,
        owner: matched[0] ?? null,
        links: matched.slice(1),
        invites: guardians.filter((entry) => !accounts.has(entry.email)),
      });
    }
    return { line, values, problems: problems.map(say) };
  });
  const result = preview(rows);
  const addresses = new Set(pupils.flatMap((pupil) => pupil.invites.map((invite) => invite.email)));
  if (result.valid && addresses.size > PUPIL_IMPORT_LIMITS.maxInvitedAddresses)
    return { preview: { ...result, valid: false, error: say(M.tooManyInvitations) }, pupils: [] };
  return { preview: result, pupils, addresses: addresses.size };
}

/** What importing this pupils file would write: every row and its problems, and how many invitations would go out. Writes nothing. */
export async function previewPupilImport(
  scope: SchoolScope,
  input: z.infer<typeof importPupilsInput>,
  locale: Locale = SOURCE_LOCALE,
) {
  const plan = await planPupils(scope, input.csv, locale);
  return {
    ...plan.preview,
    pupils: plan.pupils.length,
    matched: plan.pupils.reduce((sum, pupil) => sum + (pupil.owner ? 1 : 0) + pupil.links.length, 0),
    invitations: plan.addresses ?? 0,
  };
}

/** Rows per multi-row insert: far under SQLite's 32,766 parameters for the widest table here. */
const CHUNK = 500;
const chunks = <T>(items: T[]) =>
  Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, index) =>
    items.slice(index * CHUNK, (index + 1) * CHUNK),
  );

/**
 * Writes every pupil of the file, or none (see the module's comment). The children's insert is the
 * batch's first statement and its claim: it holds only while every matched account is still a parent
 * of the school; every later statement is written only if it did. One commit per school every
 * `commitWindowMinutes`; the e-mails are one per new address, bounded by `maxInvitedAddresses`.
 */
export async function commitPupilImport(
  scope: SchoolScope,
  input: z.infer<typeof importPupilsInput>,
  locale: Locale = SOURCE_LOCALE,
) {
  const plan = await planPupils(scope, input.csv, locale);
  if (!plan.preview.valid) refuse(plan.preview);
  const { db, config } = scope.deps;
  const { now } = scope;
  const limit = await hitWindow(
    db,
    `pupils:import:${scope.schoolId}`,
    now,
    PUPIL_IMPORT_LIMITS.commitWindowMinutes * 60_000,
    1,
  );
  if (!limit.allowed) throw tooManyRequests(limit.retryAfterSeconds);
  const [settings, [school]] = await Promise.all([
    readPlatformSettings(db),
    db
      .select({ name: schools.name, locale: schools.defaultLocale })
      .from(schools)
      .where(eq(schools.id, scope.schoolId)),
  ]);
  const importId = crypto.randomUUID();
  const expiresAt = new Date(now.getTime() + settings.invitationValidityDays * DAY_MS);
  const schoolName = school?.name ?? "";
  // The invited have no account yet: the school's default language, in its zone.
  const reader = { locale: resolveLocale(null, school?.locale), timeZone: scope.timeZone };

  // Who else has an account (at another school): answered as fresh, told by a notice (AU1, ADR 0012).
  const byAddress = new Map<string, { name: string; pupils: PupilPlan[] }>();
  for (const pupil of plan.pupils)
    for (const invite of pupil.invites) {
      const entry = byAddress.get(invite.email) ?? { name: invite.name, pupils: [] };
      entry.pupils.push(pupil);
      byAddress.set(invite.email, entry);
    }
  const elsewhere = new Set<string>();
  for (const part of chunks([...byAddress.keys()])) {
    const rows = await db
      .select({ email: parents.email })
      .from(parents)
      .where(sql`${parents.email} in (select value from json_each(${JSON.stringify(part)}))`);
    for (const row of rows) elsewhere.add(row.email);
  }

  const invitationRows: (typeof invitations.$inferInsert)[] = [];
  const emails: ReturnType<typeof outboxInsertValues>[] = [];
  for (const [email, { name, pupils }] of byAddress) {
    // One invitation per pupil; the e-mail carries the first one's link, and accepting it accepts its siblings.
    const secrets = await Promise.all(pupils.map(() => issueSecrets("parent")));
    pupils.forEach((pupil, index) =>
      invitationRows.push({
        id: crypto.randomUUID(),
        email,
        role: "parent",
        schoolId: scope.schoolId,
        tokenHash: secrets[index]!.tokenHash,
        status: "pending",
        expiresAt,
        childId: pupil.id,
        invitedBy: scope.actor.id,
        invitedByRole: scope.actor.role,
        metadata: {
          ...invitationMetadata("parent", name, config.appUrl),
          inviter_name: schoolName,
          child_name: pupil.name,
          import_id: importId,
        },
        createdAt: now,
        updatedAt: now,
      }),
    );
    const first = invitationRows[invitationRows.length - pupils.length]!;
    const message = elsewhere.has(email)
      ? invitationOrNotice(
          { role: "parent", email, expiresAt, metadata: first.metadata! },
          schoolName,
          secrets[0]!,
          config.appUrl,
          true,
          reader,
        )
      : {
          ...guardianInvitationEmail({
            ...reader,
            name,
            inviterName: schoolName,
            childName: childNames(pupils.map((pupil) => pupil.name)),
            schoolName,
            acceptLink: acceptLink(config.appUrl, secrets[0]!.token),
            expiresAt,
            hasAccount: false,
          }),
          type: "parent_invite" as const,
        };
    emails.push(outboxInsertValues({ ...message, to: email, schoolId: scope.schoolId, relatedId: first.id }, now));
  }

  // TK3: each new address takes one slot of its per-recipient e-mail window (as any invitation does);
  // an address already at the limit refuses the import whole, checked again by the claim below.
  const recipient = EMAIL_SEND_LIMITS.recipient;
  const recipientKeys = JSON.stringify([...byAddress.keys()].map((email) => `email:to:${email}`));
  const atLimit = sql`${rateLimits.key} in (select value from json_each(${recipientKeys}))
    and ${rateLimits.windowStart} > ${now.getTime() - recipient.windowMs} and ${rateLimits.count} >= ${recipient.max}`;
  const [busy] = await db.select({ n: sql<number>`count(*)` }).from(rateLimits).where(atLimit);
  if ((busy?.n ?? 0) > 0) throw new AppError("TOO_MANY_REQUESTS", M.recipientsBusy(busy!.n));

  const first = plan.pupils[0]!;
  const won = sql`exists (select 1 from ${children} where ${children.id} = ${first.id})`;
  const accountIds = [...new Set(plan.pupils.flatMap((pupil) => [pupil.owner, ...pupil.links]).filter(Boolean))];
  const pupilJson = JSON.stringify(
    plan.pupils.map((pupil) => ({
      i: pupil.id,
      n: pupil.name,
      a: pupil.age,
      g: pupil.grade,
      e: pupil.emergencyContact,
      l: pupil.allergyInfo,
      s: pupil.specialNeeds,
      o: pupil.owner,
    })),
  );
  const j = (path: string) => sql.raw(`json_extract(j.value, '$.${path}')`);
  const at = now.getTime();
  const links = plan.pupils.flatMap((pupil) =>
    pupil.links.map((parentId) => ({
      id: crypto.randomUUID(),
      childId: pupil.id,
      parentId,
      schoolId: scope.schoolId,
      role: "guardian" as const,
      createdAt: now,
    })),
  );
  const [inserted] = await db.batch([
    // The claim: every pupil, only while every matched account is still a parent of the school.
    db.run(sql`insert into ${children} (id, school_id, parent_id, name, age, grade, school, emergency_contact, allergy_info, special_needs, created_at, updated_at)
      select ${j("i")}, ${scope.schoolId}, ${j("o")}, ${j("n")}, ${j("a")}, ${j("g")}, ${schoolName}, ${j("e")}, ${j("l")}, ${j("s")}, ${at}, ${at}
      from json_each(${pupilJson}) j
      where (select count(*) from ${parents} where ${parents.schoolId} = ${scope.schoolId}
        and ${parents.id} in (select value from json_each(${JSON.stringify(accountIds)}))) = ${accountIds.length}
        and not exists (select 1 from ${rateLimits} where ${atLimit})`),
    db.run(sql`insert into ${rateLimits} (key, count, window_start, streak, updated_at)
      select value, 1, ${now.getTime()}, 0, ${now.getTime()} from json_each(${recipientKeys}) where ${won}
      on conflict (key) do update set
        count = case when ${rateLimits.windowStart} <= ${now.getTime() - recipient.windowMs} then 1 else ${rateLimits.count} + 1 end,
        window_start = case when ${rateLimits.windowStart} <= ${now.getTime() - recipient.windowMs} then ${now.getTime()} else ${rateLimits.windowStart} end,
        updated_at = ${now.getTime()}`),
    ...chunks(links).map((part) => insertManyWhere(db, childGuardians, part, won)),
    ...chunks(invitationRows).map((part) => insertManyWhere(db, invitations, part, won)),
    ...chunks(emails).map((part) => insertManyWhere(db, emailLogs, part, won)),
    auditInsert(
      db,
      {
        eventType: "pupils.imported",
        description: `${plan.pupils.length} pupil${plan.pupils.length === 1 ? "" : "s"} imported, ${emails.length} guardian invitation${emails.length === 1 ? "" : "s"} queued`,
        userId: scope.actor.id,
        userRole: scope.actor.role,
        schoolId: scope.schoolId,
        metadata: { import_id: importId, pupils: plan.pupils.length, invitations: emails.length },
        at: now,
      },
      scope.meta,
      won,
    ),
  ]);
  if (inserted.rowsAffected !== plan.pupils.length) throw new AppError("CONFLICT", M.changed);
  await enqueueEmails(
    scope.deps,
    emails.map((email) => email.id),
  );
  const matched = plan.pupils.reduce((sum, pupil) => sum + (pupil.owner ? 1 : 0) + pupil.links.length, 0);
  return { imported: plan.pupils.length, matched, queued: emails.length };
}
