/**
 * "Push on this device" in the browser (ADR 0068). Production subscribes with the browser's own
 * push service (`pushManager.subscribe` with the server's VAPID public key). In local mode the
 * server answers `POST /dev/push/subscribe` with a subscription at its local push service (offline,
 * the browser's push service cannot be reached); elsewhere that path is a 404 and the browser's is used.
 * Which of the user's devices is this one is kept in this browser (its id, from the answer).
 */
import { t } from "@lingui/core/macro";

const DEVICE_KEY = "schoolride:push-device";
const ENDPOINT_KEY = "schoolride:push-endpoint";

export type BrowserSubscription = {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
};

export function pushSupported(): boolean {
  return typeof window !== "undefined" && "Notification" in window && "serviceWorker" in navigator;
}

export const thisDevice = () =>
  typeof localStorage === "undefined"
    ? { id: null, endpoint: null }
    : { id: localStorage.getItem(DEVICE_KEY), endpoint: localStorage.getItem(ENDPOINT_KEY) };

export function rememberDevice(id: string, endpoint: string) {
  localStorage.setItem(DEVICE_KEY, id);
  localStorage.setItem(ENDPOINT_KEY, endpoint);
}

export function forgetDevice() {
  localStorage.removeItem(DEVICE_KEY);
  localStorage.removeItem(ENDPOINT_KEY);
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64url.replaceAll("-", "+").replaceAll("_", "/"));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Asks for permission, then a subscription: the local push service's in local mode, the browser's otherwise. */
export async function subscribeThisBrowser(publicKey: string): Promise<BrowserSubscription> {
  const permission = await Notification.requestPermission();
  if (permission !== "granted")
    throw new Error(t`Notifications are blocked for SchoolRide in this browser. Allow them in its site settings.`);
  const local = await fetch("/dev/push/subscribe", {
    method: "POST",
    credentials: "same-origin",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ applicationServerKey: publicKey }),
  });
  if (local.ok) return (await local.json()) as BrowserSubscription;
  const registration = await navigator.serviceWorker.ready;
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(publicKey),
  });
  const json = subscription.toJSON() as { endpoint?: string; keys?: { p256dh?: string; auth?: string } };
  return {
    endpoint: json.endpoint ?? subscription.endpoint,
    expirationTime: null,
    keys: { p256dh: json.keys?.p256dh ?? "", auth: json.keys?.auth ?? "" },
  };
}

/** The browser's own subscription ends too (production); the local one is the server's to forget. */
export async function unsubscribeThisBrowser(): Promise<void> {
  if (!("serviceWorker" in navigator)) return;
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  await subscription?.unsubscribe();
}

/**
 * Logout: this browser stops getting the user's pushes, so whoever signs in here next never sees
 * them. The browser's own subscription ends (a push to it then answers 410 and the server prunes it,
 * even if the call below fails offline) and the server forgets the device.
 */
export async function endPushOnThisDevice(forget: (endpoint: string) => Promise<unknown>): Promise<void> {
  const { endpoint } = thisDevice();
  if (!endpoint) return;
  try {
    await unsubscribeThisBrowser();
    await forget(endpoint);
  } catch {
    // Offline or refused: the browser's subscription is gone or goes at the next push's 410.
  }
  forgetDevice();
}
