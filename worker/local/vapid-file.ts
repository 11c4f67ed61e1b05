/**
 * Local mode's VAPID keys (ADR 0068): generated once per install and kept in `vapid-keys.json`
 * beside the database file (`.data/` by default), so a browser's subscription keeps working across
 * restarts. Production sets VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY instead.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { generateVapidKeys, type VapidKeys, vapidKeysLookValid } from "../services/push/vapid.ts";

export function vapidFilePath(databaseUrl: string): string {
  const path = databaseUrl.startsWith("file:") ? databaseUrl.slice("file:".length) : "";
  return join(path && path !== ":memory:" ? dirname(resolve(path)) : resolve(".data"), "vapid-keys.json");
}

export async function localVapidKeys(databaseUrl: string, subject: string): Promise<VapidKeys> {
  const file = vapidFilePath(databaseUrl);
  if (existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, "utf8")) as { publicKey: string; privateKey: string };
    if (vapidKeysLookValid(saved)) return { publicKey: saved.publicKey, privateKey: saved.privateKey, subject };
  }
  const keys = await generateVapidKeys(subject);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify({ publicKey: keys.publicKey, privateKey: keys.privateKey }, null, 2)}\n`, {
    mode: 0o600,
  });
  return keys;
}
