/**
 * Prints a fresh VAPID key pair for web push (ADR 0068). Run once per production deployment and set
 * them: `npx wrangler secret put VAPID_PRIVATE_KEY`, and VAPID_PUBLIC_KEY under [vars] (it is public).
 */
import { generateVapidKeys } from "../worker/services/push/vapid.ts";

const keys = await generateVapidKeys("mailto:push@example.com");
console.log(`VAPID_PUBLIC_KEY=${keys.publicKey}\nVAPID_PRIVATE_KEY=${keys.privateKey}`);
