import { z } from "zod";
import "./fields.ts";
import { EMAIL_MAX_LENGTH } from "./limits.ts";

/** Platform settings the super admin edits; each has a default so a fresh database just works. */
export const updatePlatformSettingsInput = z
  .object({
    /** Platform fee on parent payments for newly approved schools, in basis points (500 = 5%). */
    defaultPlatformFeeBps: z
      .number()
      .int("Use steps of 0.01%")
      .min(0, "The fee is between 0 and 100%")
      .max(10_000, "The fee is between 0 and 100%"),
    /** How long an invitation stays valid. */
    invitationValidityDays: z
      .number()
      .int("Use whole days")
      .min(1, "Between 1 and 30 days")
      .max(30, "Between 1 and 30 days"),
    /** Shown on public pages and in e-mails. */
    supportEmail: z.email("Please enter a valid email address").max(EMAIL_MAX_LENGTH),
  })
  .strict();
export type PlatformSettings = z.infer<typeof updatePlatformSettingsInput>;
