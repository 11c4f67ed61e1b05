import { z } from "zod";

export const subscribeNewsletterInput = z
  .object({
    email: z.string().trim().min(1, "Please enter your email address").max(254).pipe(z.email("Please enter a valid email address")),
  })
  .strict();
