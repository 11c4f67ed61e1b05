import { said } from "./said.ts";
// No zod here: the service worker and My Account read these without loading the schemas.

/**
 * Web push (ADR 0068). A push carries a short text and a link, nothing else: a title, a body, an
 * in-app path to open on a tap, and a tag (a newer push of the same tag replaces the older one).
 * The full message stays in the app, behind sign-in.
 */
export type PushPayload = { title: string; body: string; url: string; tag: string };

export const PUSH_TITLE_MAX = 60;
export const PUSH_BODY_MAX = 160;
/** Devices one user may have push on at once (a new one past it replaces the oldest). */
export const PUSH_DEVICES_MAX = 10;

/** One of the user's devices, as My Account lists them. */
export type PushDevice = { id: string; label: string; createdAt: Date; lastPushedAt: Date | null };

/** What the browser needs to subscribe: the VAPID public key (null: push is not set up here). */
export type PushSetup = { publicKey: string | null; devices: PushDevice[] };

export const PUSH_MESSAGES = {
  endpoint: said(/*i18n*/ { id: "This browser's push address is not one SchoolRide can send to" }),
  keys: said(/*i18n*/ { id: "This browser's push keys are not valid" }),
  notFound: said(/*i18n*/ { id: "That device was not found" }),
  notAvailable: said(/*i18n*/ { id: "Push notifications are not set up on this server" }),
} as const;

/** A text cut to `max` characters (an ellipsis at the end when cut). */
export function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

/**
 * The payload of a push, bounded: title and body clipped, the link an in-app path (never another
 * origin). Both the sender and the service worker pass what they handle through it.
 */
export function pushPayload(input: { title: string; body: string; url: string; tag: string }): PushPayload {
  const url = input.url.startsWith("/") && !input.url.startsWith("//") ? input.url : "/";
  return {
    title: clip(input.title, PUSH_TITLE_MAX),
    body: clip(input.body, PUSH_BODY_MAX),
    url,
    tag: clip(input.tag, 100),
  };
}
