/**
 * Creates the first super admin of a production database (demo users are never seeded there):
 *
 *   DATABASE_URL=libsql://… DATABASE_AUTH_TOKEN=… SUPER_ADMIN_PASSWORD='…' \
 *     npm run db:create-super-admin -- --email ops@example.com --name "Ops Team"
 *
 * The password comes from SUPER_ADMIN_PASSWORD (not the command line, which shells keep in history).
 */
import { parseArgs } from "node:util";
import { z } from "zod";
import { newPasswordSchema } from "#shared/auth.ts";
import { createDatabase, DEFAULT_DATABASE_URL } from "../db/client.ts";
import { superAdmins } from "../db/schema/index.ts";
import { newPasswordProblem } from "../worker/auth/breached.ts";
import { hibpPwnedPasswords } from "../worker/auth/breached-hibp.ts";
import { hashPassword } from "../worker/auth/password.ts";
import { normalizeEmail } from "../worker/auth/users.ts";
import { consoleLogger } from "../worker/deps.ts";

const { values } = parseArgs({ options: { email: { type: "string" }, name: { type: "string" } } });
const input = z
  .object({
    email: z.email("--email must be an e-mail address"),
    name: z.string().trim().min(1, "--name is required"),
    password: newPasswordSchema,
  })
  .safeParse({ email: values.email, name: values.name, password: process.env.SUPER_ADMIN_PASSWORD ?? "" });
if (!input.success) {
  console.error(input.error.issues.map((issue) => `${issue.path.join(".") || "input"}: ${issue.message}`).join("\n"));
  console.error(
    "Usage: SUPER_ADMIN_PASSWORD='…' npm run db:create-super-admin -- --email you@example.com --name 'Your Name'",
  );
  process.exit(1);
}
// The same gate as every other password, Have I Been Pwned included (the script runs against production).
const pwnedPasswords = hibpPwnedPasswords({ logger: consoleLogger, fetch: (url, init) => fetch(url, init) });
const problem = await newPasswordProblem({ pwnedPasswords }, input.data.password);
if (problem) {
  console.error(`SUPER_ADMIN_PASSWORD: ${problem}`);
  process.exit(1);
}

const db = createDatabase({
  url: process.env.DATABASE_URL || DEFAULT_DATABASE_URL,
  authToken: process.env.DATABASE_AUTH_TOKEN,
});
const inserted = await db
  .insert(superAdmins)
  .values({
    email: normalizeEmail(input.data.email),
    name: input.data.name,
    passwordHash: await hashPassword(input.data.password),
  })
  .onConflictDoNothing()
  .returning({ id: superAdmins.id });
db.$client.close();
if (inserted.length === 0) {
  console.error(`A super admin with e-mail ${input.data.email} already exists; nothing changed.`);
  process.exit(1);
}
console.log(`Super admin ${input.data.email} created. Sign in at /login/superadmin.`);
