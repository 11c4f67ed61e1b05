import { z } from "zod";
import "./fields.ts";
import { EMAIL_MAX_LENGTH } from "./limits.ts";
import { said } from "./said.ts";

/** Platform settings the super admin edits; each has a default so a fresh database just works. */
export const updatePlatformSettingsInput = z
  .object({
    /** Platform fee on parent payments for newly approved schools, in basis points (500 = 5%). */
    defaultPlatformFeeBps: z
      .number()
      .int(said(/*i18n*/ { id: "Use steps of 0.01%" }))
      .min(0, said(/*i18n*/ { id: "The fee is between 0 and 100%" }))
      .max(10_000, said(/*i18n*/ { id: "The fee is between 0 and 100%" })),
    /** How long an invitation stays valid. */
    invitationValidityDays: z
      .number()
      .int(said(/*i18n*/ { id: "Use whole days" }))
      .min(1, said(/*i18n*/ { id: "Between 1 and 30 days" }))
      .max(30, said(/*i18n*/ { id: "Between 1 and 30 days" })),
    /** Shown on public pages and in e-mails. */
    supportEmail: z.email(said(/*i18n*/ { id: "Please enter a valid email address" })).max(EMAIL_MAX_LENGTH),
  })
  .strict();
export type PlatformSettings = z.infer<typeof updatePlatformSettingsInput>;
