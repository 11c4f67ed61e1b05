import { loginSchema } from "#shared/auth.ts";
import { queryClient, trpc, trpcClient } from "../../lib/data.tsx";
import { errorMessage } from "../../lib/errors.ts";
import type { Role, SessionUser } from "../../lib/session.ts";

export { enterInUserLocale } from "../../lib/session.ts";

/**
 * The login form's code, loaded when the form is first used (focus or submit), not with the page:
 * the schema (zod), the tRPC client and the query cache stay out of the login pages' initial JS.
 */
export type LoginFields = { email: string; password: string; schoolCode: string; remember: boolean };
export type SignInResult =
  | { kind: "error"; message: string }
  | { kind: "mfa"; challengeToken: string }
  | { kind: "signed-in"; user: SessionUser };

export async function signIn(role: Role, fields: LoginFields): Promise<SignInResult> {
  const parsed = loginSchema.safeParse({
    email: fields.email,
    password: fields.password,
    ...(role === "parent" ? { schoolCode: fields.schoolCode } : {}),
    ...(role === "school_admin" ? { remember: fields.remember } : {}),
  });
  // Both fields are required; the spec gives one message for either missing.
  if (!parsed.success) return { kind: "error", message: parsed.error.issues[0]?.message ?? "" };
  const values = parsed.data;
  try {
    const result = await trpcClient.auth.login.mutate({
      role,
      email: values.email,
      password: values.password,
      ...(role === "parent" && values.schoolCode ? { schoolCode: values.schoolCode } : {}),
      ...(role === "school_admin" ? { remember: values.remember === true } : {}),
    });
    // A super admin with two-factor on: the code step, no session yet.
    if (result.mfaRequired) return { kind: "mfa", challengeToken: result.challengeToken };
    return { kind: "signed-in", user: result.user };
  } catch (error) {
    return { kind: "error", message: errorMessage(error) };
  }
}

/** A new session: nothing cached for anyone before, and the session known without asking. */
export function rememberSignedIn(user: SessionUser): void {
  queryClient.clear();
  queryClient.setQueryData(trpc.auth.me.queryKey(), user);
}
