import { and, asc, desc, eq, notInArray, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { pushSubscriptions } from "#db/schema/index.ts";
import type { SubscribePush } from "#shared/push.ts";
import { PUSH_MESSAGES as M, PUSH_DEVICES_MAX, type PushDevice, type PushSetup } from "#shared/push-constants.ts";
import type { ParentScope } from "../_shared/scope.ts";
import { AppError } from "../errors.ts";

/**
 * A user's devices with push on (ADR 0068). Every read and write is the signed-in user's own: the
 * user is the scope's, never the input's, and a device id of someone else's is NOT_FOUND like an
 * unknown one.
 */

/** The push endpoint a subscription may name: https (a push service), or the local push service in local mode. */
export function endpointAllowed(endpoint: string, localOrigin: string | undefined): boolean {
  const url = URL.parse(endpoint);
  if (!url || url.username || url.password) return false;
  if (localOrigin !== undefined && url.origin === localOrigin) return true;
  if (url.protocol !== "https:") return false;
  // Not an address of the server's own network: the Worker posts to it.
  const host = url.hostname;
  return !(
    host === "localhost" ||
    host.endsWith(".localhost") ||
    /^(127|10|0)\./.test(host) ||
    /^(169\.254|192\.168)\./.test(host) ||
    /^172\.(1[6-9]|2\d|3[01])\./.test(host) ||
    host.startsWith("[")
  );
}

/** What My Account shows of a device: the browser and the system, read from its user agent. */
export function deviceLabel(userAgent: string | null): string {
  const ua = userAgent ?? "";
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /Firefox\//.test(ua)
      ? "Firefox"
      : /Chrome\/|Chromium\//.test(ua)
        ? "Chrome"
        : /Safari\//.test(ua)
          ? "Safari"
          : "A browser";
  const system = /Android/.test(ua)
    ? "Android"
    : /iPhone|iPad/.test(ua)
      ? "iOS"
      : /Windows/.test(ua)
        ? "Windows"
        : /Mac OS X/.test(ua)
          ? "macOS"
          : /Linux/.test(ua)
            ? "Linux"
            : null;
  return system ? `${browser} on ${system}` : browser;
}

function devicesOf(db: Db, role: "parent", userId: string): Promise<PushDevice[]> {
  return db
    .select({
      id: pushSubscriptions.id,
      label: pushSubscriptions.label,
      createdAt: pushSubscriptions.createdAt,
      lastPushedAt: pushSubscriptions.lastPushedAt,
    })
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userRole, role), eq(pushSubscriptions.userId, userId)))
    .orderBy(desc(pushSubscriptions.createdAt), asc(pushSubscriptions.id));
}

/** The signed-in parent's devices, and the key a browser subscribes with (null: push is not set up). */
export async function myPush(scope: ParentScope): Promise<PushSetup> {
  return {
    publicKey: scope.deps.config.vapid?.publicKey ?? null,
    devices: await devicesOf(scope.deps.db, "parent", scope.parentId),
  };
}

/**
 * This browser's subscription, for the signed-in parent: stored under its endpoint (a browser that
 * subscribes again, or under another account, takes its row over: the endpoint is the browser's).
 * Past `PUSH_DEVICES_MAX` devices the oldest goes. Answers the parent's devices.
 */
export async function subscribeMyPush(scope: ParentScope, input: SubscribePush): Promise<PushSetup> {
  const { db, config, localPush } = scope.deps;
  if (!config.vapid) throw new AppError("PRECONDITION_FAILED", M.notAvailable);
  if (!endpointAllowed(input.endpoint, localPush?.origin)) throw new AppError("BAD_REQUEST", M.endpoint);
  const mine = and(eq(pushSubscriptions.userRole, "parent"), eq(pushSubscriptions.userId, scope.parentId));
  const keep = db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(mine)
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
    .limit(PUSH_DEVICES_MAX);
  await db.batch([
    db
      .insert(pushSubscriptions)
      .values({
        userRole: "parent",
        userId: scope.parentId,
        schoolId: scope.schoolId,
        endpoint: input.endpoint,
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
        label: deviceLabel(scope.meta.userAgent),
        createdAt: scope.now,
      })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: {
          userRole: sql`excluded.user_role`,
          userId: sql`excluded.user_id`,
          schoolId: sql`excluded.school_id`,
          p256dh: sql`excluded.p256dh`,
          auth: sql`excluded.auth`,
          label: sql`excluded.label`,
          createdAt: sql`excluded.created_at`,
        },
      }),
    db.delete(pushSubscriptions).where(and(mine, notInArray(pushSubscriptions.id, keep))),
  ]);
  return myPush(scope);
}

/** Removes one of the signed-in parent's devices (someone else's id: NOT_FOUND). */
export async function removeMyPushDevice(scope: ParentScope, id: string): Promise<PushSetup> {
  const { db } = scope.deps;
  const deleted = await db
    .delete(pushSubscriptions)
    .where(
      and(
        eq(pushSubscriptions.id, id),
        eq(pushSubscriptions.userRole, "parent"),
        eq(pushSubscriptions.userId, scope.parentId),
      ),
    )
    .returning({ id: pushSubscriptions.id });
  if (deleted.length === 0) throw new AppError("NOT_FOUND", M.notFound);
  return myPush(scope);
}

/** This browser turns push off: its endpoint's row goes, if it is the parent's (idempotent). */
export async function unsubscribeMyPush(scope: ParentScope, endpoint: string): Promise<PushSetup> {
  const { db } = scope.deps;
  await db
    .delete(pushSubscriptions)
    .where(
      and(
        eq(pushSubscriptions.endpoint, endpoint),
        eq(pushSubscriptions.userRole, "parent"),
        eq(pushSubscriptions.userId, scope.parentId),
      ),
    );
  return myPush(scope);
}
