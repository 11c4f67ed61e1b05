import { z } from "zod";
import "./fields.ts";
import { PASSWORD_MAX_LENGTH } from "./password-rules.ts";
import { said } from "./said.ts";

/** "Delete my account": the current password again (re-authentication), checked on the server. */
export const requestErasureInput = z
  .object({
    password: z
      .string()
      .min(1, said(/*i18n*/ { id: "Please enter your current password" }))
      .max(PASSWORD_MAX_LENGTH),
  })
  .strict();
export type RequestErasureInput = z.infer<typeof requestErasureInput>;

export const LAST_ADMIN_MESSAGE = said(
  /*i18n*/ {
    id: "You are the only administrator of your school, so your account cannot be deleted: the school would be left without an administrator. Please contact support.",
  },
);

export const ERASED_NAME = "Deleted user";
