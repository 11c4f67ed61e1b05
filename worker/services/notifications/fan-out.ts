import type { SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "#db/client.ts";
import { insertManyWhere } from "#db/conditional.ts";
import { notificationSends, notifications, type SendWords } from "#db/schema/index.ts";
import type { NotificationCategory, NotificationType, SendAudienceKind } from "#shared/enums.ts";
import { LOCALES, type Locale, SOURCE_LOCALE } from "#shared/locales.ts";
import type { EventKind, Preferences } from "#shared/preferences-constants.ts";
import { notificationEmail } from "#worker/email/templates.ts";
import { personLocales } from "#worker/i18n/person.ts";
import { text } from "#worker/i18n/texts.ts";
import type { OutboxDraft } from "../email/outbox.ts";
import { pushInsert } from "../push/outbox.ts";
import { heldInsert } from "./held.ts";
import type { Wording } from "./words.ts";

/** These preferences with e-mail off for `kind` (a send that does not e-mail by the preferences keeps none for the digest). */
function withoutEmail(preferences: Preferences, kind: EventKind): Preferences {
  return {
    ...preferences,
    channels: { ...preferences.channels, [kind]: { ...preferences.channels[kind], email: false } },
  };
}

export type NotificationContent = {
  title: string;
  message: string;
  type: NotificationType;
  category: NotificationCategory;
  /**
   * The notice in any language (a notice the system composes, ADR 0080): each recipient reads it in
   * theirs (`Recipient.locale`); `title` and `message` are its English. None: a school's own words, as typed.
   */
  words?: Wording;
};
export type Recipient = {
  role: "school_admin" | "parent";
  id: string;
  email: string;
  /** The recipient's language (`personLocale`): their e-mail copy and a worded notice are in it (English when not given). */
  locale?: Locale;
};

/** The recipients with their languages, for the e-mail copies: one query per role, not one per person. */
export async function withLocales<R extends Recipient>(db: Db, recipients: readonly R[]): Promise<R[]> {
  if (recipients.length === 0) return [];
  const locales = await personLocales(db, recipients);
  return recipients.map((recipient) => ({ ...recipient, locale: locales.get(recipient.id) ?? recipient.locale }));
}

/**
 * A notice in each recipient's language (issue 30): `content` says it in one (`locales`: each
 * recipient's, by id; English for one not in it). Without it, every recipient reads `content` as is.
 */
export type Localized = {
  locales: ReadonlyMap<string, Locale>;
  content: (locale: Locale) => { title: string; message: string };
};

/** Each recipient's title and message, and the recipients grouped by language (a push or a held notice per language). */
function wordsOf(input: { recipients: readonly Recipient[]; content: NotificationContent; localized?: Localized }) {
  const byLocale = new Map<Locale, { title: string; message: string }>();
  const recipientLocales = new Map(input.recipients.map((recipient) => [recipient.id, recipient.locale]));
  const worded = input.content.words;
  const localeOf = (id: string): Locale =>
    input.localized?.locales.get(id) ?? (worded ? recipientLocales.get(id) : undefined) ?? SOURCE_LOCALE;
  const words = (locale: Locale) => {
    let said = byLocale.get(locale);
    if (!said) {
      said = input.localized
        ? input.localized.content(locale)
        : worded
          ? worded(locale)
          : { title: input.content.title, message: input.content.message };
      byLocale.set(locale, said);
    }
    return said;
  };
  return { localeOf, words, forRecipient: (id: string) => words(localeOf(id)) };
}

/** `ids` grouped by their language. */
function byLanguage(ids: readonly string[], localeOf: (id: string) => Locale): Map<Locale, string[]> {
  const groups = new Map<Locale, string[]>();
  for (const id of ids) groups.set(localeOf(id), [...(groups.get(localeOf(id)) ?? []), id]);
  return groups;
}

/**
 * Who a send to parents went to, as the school's Sent tab shows it (ADR 0040): `ref` the parent's,
 * trip's, flight trip's or invoice's id; `label` a route, a trip, a flight trip's title or an invoice
 * number — never a person's name (a parent's is read from their account when listed).
 */
export type SendAudience = {
  kind: SendAudienceKind;
  ref?: string | null;
  /** As stored (English when the app composed it, else as the school typed it). */
  label?: string | null;
  /** A label the app composed, in any language (`runAudienceLabel`); the Sent tab shows each admin theirs. */
  labelIn?: (locale: Locale) => string;
};

/** A run's audience as the Sent tab names it: "North (bus 12)", in each language. */
export function runAudience(ref: string, routeName: string, busNumber: string): SendAudience {
  const labelIn = (locale: Locale) =>
    text(
      locale,
      /*i18n*/ { id: "sent.runLabel", message: "{route} (bus {bus})" },
      { route: routeName, bus: busNumber },
    );
  return { kind: "trip", ref, label: labelIn(SOURCE_LOCALE), labelIn };
}

/**
 * A send's title, and its label when the app composed it, in the languages other than English (ADR
 * 0080), for the Sent tab; null when neither is the app's (a school's own words stay as typed).
 */
function sendWords(
  input: { content: NotificationContent; localized?: Localized; audience: SendAudience | null },
  words: (locale: Locale) => { title: string },
): SendWords | null {
  const titled = Boolean(input.content.words || input.localized);
  const labelIn = input.audience?.labelIn;
  if (!titled && !labelIn) return null;
  const others = LOCALES.filter((locale) => locale !== SOURCE_LOCALE);
  const said: SendWords = {};
  if (titled) said.title = Object.fromEntries(others.map((locale) => [locale, words(locale).title]));
  if (labelIn) said.label = Object.fromEntries(others.map((locale) => [locale, labelIn(locale)]));
  return said;
}

/** Rows per INSERT: 12 columns × 500 rows stays far under SQLite's parameter limit. */
const ROWS_PER_INSERT = 500;

/**
 * A send to many people: one notification row per recipient (read and delete are per person), all
 * sharing a batch id, and optionally one e-mail each. A send to parents says its `audience` and is
 * recorded under the batch id for the school's Sent tab (null: not a send the school lists, e.g. a
 * notice to its own admins). Returns the inserts to put in the same `db.batch` as the change that
 * causes them (with `onlyIf`: only if that change won its claim) and the e-mail drafts for
 * `commitWithOutbox`.
 */
export function fanOut(
  db: Db,
  input: {
    schoolId: string;
    schoolName: string;
    senderId: string | null;
    recipients: readonly Recipient[];
    content: NotificationContent;
    audience: SendAudience | null;
    email: boolean;
    appUrl: string;
    now: Date;
    onlyIf?: SQL;
    /** The rows' batch id when the caller made it (a live notice's claim: the inbox links the rows to the run). */
    batchId?: string;
    /** Recipients (ids) who turned e-mail off for this kind of event (ADR 0066): their in-app row only. */
    noEmailTo?: ReadonlySet<string>;
    /**
     * A push to every device of `to` (the recipients who want `kind` pushed now: `pushTo`), opening
     * `url` on a tap (ADR 0068); its rows share the batch id (`pushBatches`, for `enqueuePushes`).
     */
    push?: { kind: EventKind; to: readonly string[]; url: string };
    /**
     * What the recipients' preferences (`byUser`) keep back of this notice for the daily digest or
     * until quiet hours end (ADR 0075), stored under the same claim; opening `url`. Its e-mail only
     * where this send e-mails by the preferences (`email` with `noEmailTo`).
     */
    held?: { kind: EventKind; byUser: ReadonlyMap<string, Preferences>; timeZone: string; url: string };
    /** The notice in each recipient's language (the school's Sent tab keeps `content`). */
    localized?: Localized;
  },
): { batchId: string; inserts: BatchItem<"sqlite">[]; emails: OutboxDraft[]; pushBatches: string[] } {
  const batchId = input.batchId ?? crypto.randomUUID();
  const { localeOf, words, forRecipient } = wordsOf(input);
  const rows = input.recipients.map((recipient) => ({
    id: crypto.randomUUID(),
    schoolId: input.schoolId,
    recipientRole: recipient.role,
    recipientId: recipient.id,
    batchId,
    senderId: input.senderId,
    ...forRecipient(recipient.id),
    type: input.content.type,
    category: input.content.category,
    read: false,
    createdAt: input.now,
  }));
  const inserts: BatchItem<"sqlite">[] = [];
  if (input.audience && rows.length > 0) {
    // First, so the rows' read-count trigger finds it; under the same claim as the rows.
    const send = {
      id: batchId,
      schoolId: input.schoolId,
      senderId: input.senderId,
      title: input.content.title,
      type: input.content.type,
      category: input.content.category,
      audienceKind: input.audience.kind,
      audienceRef: input.audience.ref ?? null,
      audienceLabel: input.audience.label ?? null,
      words: sendWords(input, words),
      recipients: rows.length,
      readCount: 0,
      createdAt: input.now,
    };
    inserts.push(
      input.onlyIf
        ? insertManyWhere(db, notificationSends, [send], input.onlyIf)
        : db.insert(notificationSends).values(send),
    );
  }
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    const chunk = rows.slice(start, start + ROWS_PER_INSERT);
    inserts.push(
      input.onlyIf ? insertManyWhere(db, notifications, chunk, input.onlyIf) : db.insert(notifications).values(chunk),
    );
  }
  const pushed = input.push?.to.filter((id) => input.recipients.some((recipient) => recipient.id === id)) ?? [];
  if (input.push && pushed.length > 0)
    for (const [locale, userIds] of byLanguage(pushed, localeOf)) {
      const { title, message } = words(locale);
      inserts.push(
        pushInsert(db, {
          batchId,
          role: input.recipients[0]!.role,
          userIds,
          kind: input.push.kind,
          content: { title, body: message, url: input.push.url },
          now: input.now,
          ...(input.onlyIf ? { onlyIf: input.onlyIf } : {}),
        }),
      );
    }
  const heldGroups = input.held
    ? byLanguage(
        input.recipients.map((recipient) => recipient.id),
        localeOf,
      )
    : new Map<Locale, string[]>();
  for (const [locale, group] of heldGroups) {
    if (!input.held) break;
    const ids = new Set(group);
    const { kind, byUser } = input.held;
    const emailsByPreference = input.email && input.noEmailTo !== undefined;
    const { title, message } = words(locale);
    const held = heldInsert(db, {
      role: input.recipients[0]!.role,
      schoolId: input.schoolId,
      users: input.recipients
        .filter((recipient) => ids.has(recipient.id))
        .flatMap((recipient) => {
          const chosen = byUser.get(recipient.id);
          if (!chosen) return [];
          const preferences = emailsByPreference ? chosen : withoutEmail(chosen, kind);
          return [{ id: recipient.id, preferences }];
        }),
      kind,
      content: { title, body: message, url: input.held.url },
      now: input.now,
      timeZone: input.held.timeZone,
      ...(input.onlyIf ? { onlyIf: input.onlyIf } : {}),
    });
    if (held) inserts.push(held);
  }
  const emails: OutboxDraft[] = input.email
    ? input.recipients
        .filter((recipient) => !input.noEmailTo?.has(recipient.id))
        .map((recipient) => ({
          type: "notification",
          to: recipient.email,
          schoolId: input.schoolId,
          relatedId: batchId,
          ...notificationEmail({
            locale: recipient.locale ?? "en",
            schoolName: input.schoolName,
            ...forRecipient(recipient.id),
            link: `${input.appUrl}/${recipient.role === "parent" ? "parent" : "school-admin"}/notifications`,
          }),
        }))
    : [];
  return { batchId, inserts, emails, pushBatches: pushed.length > 0 ? [batchId] : [] };
}
