import { z } from "zod";
import "./fields.ts";
import { EMAIL_MAX_LENGTH } from "./limits.ts";

export const subscribeNewsletterInput = z
  .object({
    email: z
      .string()
      .trim()
      .min(1, "Please enter your email address")
      .max(EMAIL_MAX_LENGTH)
      .pipe(z.email("Please enter a valid email address")),
  })
  .strict();
