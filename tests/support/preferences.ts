import { defaultPreferences, type EventKind } from "#shared/preferences.ts";
import { savePreferences } from "#worker/services/notifications/preferences.ts";
import type { TestApp } from "./harness.ts";

/** A parent who turned e-mail off for `kind` in My Account's Notifications (ADR 0066). */
export async function noEmailFor(t: TestApp, parent: { id: string; schoolId: string | null }, kind: EventKind) {
  const preferences = defaultPreferences();
  preferences.channels[kind] = { ...preferences.channels[kind], email: false };
  await savePreferences(
    t.db,
    { role: "parent", id: parent.id, schoolId: parent.schoolId! },
    preferences,
    t.clock.now(),
  );
}
