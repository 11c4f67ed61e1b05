import type { notificationPreferences } from "#db/schema/index.ts";
import { defaultPreferences, EVENT_KINDS, type Preferences } from "#shared/preferences-constants.ts";

/**
 * A preferences row as every reader takes it (ADR 0066), apart from the services so that the live
 * engine's run state reads it without importing the request layer.
 */
type Row = typeof notificationPreferences.$inferSelect;

/**
 * A stored row as the senders read it (the defaults without one; a sender that reads its recipients
 * in one query left-joins the row with `preferencesJoin`): a kind the row does not know (added since) has its default.
 */
export function fromRow(
  row: Pick<Row, "channels" | "approachMinutes" | "quietStart" | "quietEnd" | "digest"> | null | undefined,
): Preferences {
  const preferences = defaultPreferences();
  if (!row) return preferences;
  for (const { kind } of EVENT_KINDS) {
    const saved = row.channels[kind];
    if (saved) preferences.channels[kind] = { push: saved.push === true, email: saved.email === true };
  }
  preferences.approachMinutes = row.approachMinutes;
  preferences.quietHours = row.quietStart && row.quietEnd ? { start: row.quietStart, end: row.quietEnd } : null;
  preferences.digest = row.digest;
  return preferences;
}
