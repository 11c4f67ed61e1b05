import { z } from "zod";
import type { Db } from "../../../db/client.ts";
import { platformSettings } from "../../../db/schema/index.ts";

/** Platform settings the super admin edits; each has a default so a fresh database just works. */
export const platformSettingsSchema = z
  .object({
    /** Platform fee on parent payments for newly approved schools, in basis points (500 = 5%). */
    defaultPlatformFeeBps: z.number().int().min(0).max(10_000),
    /** How long an invitation stays valid. */
    invitationValidityDays: z.number().int().min(1).max(30),
    /** Shown on public pages and in e-mails. */
    supportEmail: z.email(),
  })
  .strict();
export type PlatformSettings = z.infer<typeof platformSettingsSchema>;

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
