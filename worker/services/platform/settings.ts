import type { Db } from "#db/client.ts";
import { platformSettings } from "#db/schema/index.ts";
import { type PlatformSettings, updatePlatformSettingsInput } from "#shared/settings.ts";
import type { Actor, Scope } from "../_shared/scope.ts";
import { auditInsert } from "../audit.ts";

export { type PlatformSettings, updatePlatformSettingsInput };

export const DEFAULT_PLATFORM_SETTINGS: PlatformSettings = {
  defaultPlatformFeeBps: 500,
  invitationValidityDays: 7,
  supportEmail: "support@schoolride.example",
};

/** Stored values over the defaults; a stored value that no longer validates falls back to its default. */
export async function readPlatformSettings(db: Db): Promise<PlatformSettings> {
  const rows = await db.select().from(platformSettings);
  const merged: Record<string, unknown> = { ...DEFAULT_PLATFORM_SETTINGS };
  for (const row of rows) {
    if (row.key in DEFAULT_PLATFORM_SETTINGS) {
      const key = row.key as keyof PlatformSettings;
      const field = updatePlatformSettingsInput.shape[key].safeParse(row.value);
      if (field.success) merged[key] = field.data;
    }
  }
  return updatePlatformSettingsInput.parse(merged);
}

/** The settings page, and the public support e-mail. */
export async function getPlatformSettings(scope: Scope<Actor | null>): Promise<PlatformSettings> {
  return readPlatformSettings(scope.deps.db);
}

/** Saves the settings (validated by the schema at the router) and audits what changed. */
export async function updatePlatformSettings(scope: Scope, input: PlatformSettings): Promise<PlatformSettings> {
  const { actor, meta, now } = scope;
  const { db } = scope.deps;
  const current = await readPlatformSettings(db);
  const changed = (Object.keys(input) as (keyof PlatformSettings)[]).filter((key) => input[key] !== current[key]);
  if (changed.length === 0) return current;
  await db.batch([
    auditInsert(
      db,
      {
        eventType: "settings_updated",
        description: `Changed ${changed.join(", ")}`,
        userId: actor.id,
        userRole: actor.role,
        metadata: Object.fromEntries(changed.map((key) => [key, { from: current[key], to: input[key] }])),
        at: now,
      },
      meta,
    ),
    ...changed.map((key) =>
      db
        .insert(platformSettings)
        .values({ key, value: input[key], updatedBy: actor.id, updatedAt: now })
        .onConflictDoUpdate({
          target: platformSettings.key,
          set: { value: input[key], updatedBy: actor.id, updatedAt: now },
        }),
    ),
  ]);
  return readPlatformSettings(db);
}
