import { requestPasswordResetInput } from "#shared/auth.ts";
import { trpcClient } from "../../lib/data.tsx";
import { errorMessage } from "../../lib/errors.ts";
import type { Role } from "../../lib/session.ts";

/**
 * The forgot-password form's code, loaded when the form is submitted (not with the page): the
 * schema and the tRPC client stay out of the page's initial JS, as on the login pages.
 */
export async function requestResetLink(
  role: Role,
  email: string,
): Promise<{ kind: "sent" | "error"; message: string }> {
  const parsed = requestPasswordResetInput.safeParse({ role, email });
  if (!parsed.success) return { kind: "error", message: parsed.error.issues[0]?.message ?? "" };
  try {
    const { message } = await trpcClient.auth.requestPasswordReset.mutate(parsed.data);
    return { kind: "sent", message };
  } catch (error) {
    return { kind: "error", message: errorMessage(error) };
  }
}
