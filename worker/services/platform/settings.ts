import type { Db } from "../../../db/client.ts";
import { platformSettings } from "../../../db/schema/index.ts";
import { auditInsert, type RequestMeta } from "../audit.ts";
import { platformSettingsSchema, type PlatformSettings } from "#shared/settings.ts";

export { platformSettingsSchema, type PlatformSettings };

export const DEFAULT_PLATFORM_SETTINGS: PlatformSettings = {
  defaultPlatformFeeBps: 500,
  invitationValidityDays: 7,
  supportEmail: "support@schoolride.example",
};

/** Stored values over the defaults; a stored value that no longer validates falls back to its default. */
export async function getPlatformSettings(db: Db): Promise<PlatformSettings> {
  const rows = await db.select().from(platformSettings);
  const merged: Record<string, unknown> = { ...DEFAULT_PLATFORM_SETTINGS };
  for (const row of rows) {
    if (row.key in DEFAULT_PLATFORM_SETTINGS) {
      const key = row.key as keyof PlatformSettings;
      const field = platformSettingsSchema.shape[key].safeParse(row.value);
      if (field.success) merged[key] = field.data;
    }
  }
  return platformSettingsSchema.parse(merged);
}

/** Saves the settings (validated by the schema at the router) and audits what changed. */
export async function updatePlatformSettings(
  db: Db,
  input: PlatformSettings,
  actor: { id: string; role: "super_admin" },
  meta: RequestMeta,
  now: Date,
): Promise<PlatformSettings> {
  const current = await getPlatformSettings(db);
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
        .onConflictDoUpdate({ target: platformSettings.key, set: { value: input[key], updatedBy: actor.id, updatedAt: now } }),
    ),
  ]);
  return getPlatformSettings(db);
}
