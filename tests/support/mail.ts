import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { emailLogs } from "#db/schema/index.ts";

/** The newest outbox row to an address (optionally of one type). */
export async function lastEmailTo(db: Db, to: string, type?: (typeof emailLogs.$inferSelect)["emailType"]) {
  const [row] = await db
    .select()
    .from(emailLogs)
    .where(
      type ? and(eq(emailLogs.recipientEmail, to), eq(emailLogs.emailType, type)) : eq(emailLogs.recipientEmail, to),
    )
    // rowid breaks ties in insertion order (tests often freeze the clock).
    .orderBy(desc(emailLogs.createdAt), desc(sql`rowid`))
    .limit(1);
  if (!row) throw new Error(`no e-mail to ${to}`);
  return row;
}

/** The `token=` value of the first link in an e-mail's text. */
export function tokenIn(text: string): string {
  const match = /[?&]token=([\w-]+)/.exec(text);
  if (!match) throw new Error(`no token link in: ${text}`);
  return match[1]!;
}

export function temporaryPasswordIn(text: string): string {
  const match = /Temporary password: (\S+)/.exec(text);
  if (!match) throw new Error(`no temporary password in: ${text}`);
  return match[1]!;
}
