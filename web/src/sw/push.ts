import { type Locale, negotiateLocale } from "#shared/locales.ts";
import { type PushPayload, pushPayload } from "#shared/push-constants.ts";

/**
 * The service worker's part of web push (ADR 0068): a push shows a notification (its title, its
 * short text, its tag so a repeat replaces itself, the in-app path in its data); a tap focuses a
 * window of the app and takes it to that path, or opens one there. The SW entry calls
 * `installPushHandlers(self)`. The shapes below are the parts of the ServiceWorkerGlobalScope these
 * handlers use (the web build's DOM types have no worker scope), so a test can hand in a fake.
 */

type ExtendableEventLike = { waitUntil(promise: Promise<unknown>): void };
export type PushEventLike = ExtendableEventLike & { data: { text(): string } | null };
export type NotificationClickLike = ExtendableEventLike & {
  notification: { data: unknown; close(): void };
};
type WindowClientLike = { url: string; focus(): Promise<unknown>; navigate?(url: string): Promise<unknown> };

export type PushWorkerScope = {
  location: { origin: string };
  registration: {
    showNotification(
      title: string,
      options: { body: string; tag: string; data: { url: string }; icon?: string },
    ): Promise<void>;
  };
  clients: {
    matchAll(options: { type: "window"; includeUncontrolled: boolean }): Promise<readonly WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
  addEventListener(type: "push", listener: (event: PushEventLike) => void): void;
  addEventListener(type: "notificationclick", listener: (event: NotificationClickLike) => void): void;
};

/**
 * The plain notice of a push that cannot be read, in each language: the service worker has no
 * catalogs (nor the page's cookie), so it speaks the browser's language (`navigator.languages`).
 * The server writes every real push in its reader's language.
 */
const UNREADABLE_PUSH: Record<Locale, string> = {
  en: "You have a new notification.",
  es: "Tiene una nueva notificación.",
  ar: "لديك إشعار جديد.",
  zh: "您有一条新通知。",
  vi: "Bạn có một thông báo mới.",
  sv: "Du har en ny avisering.",
};

/** The browser's language among ours (English where the worker cannot tell). */
function workerLocale(): Locale {
  const browser = (globalThis as { navigator?: { languages?: readonly string[] } }).navigator;
  return negotiateLocale(browser?.languages ?? []);
}

/** What a push says, read defensively: bounded as the server bounds it; anything unreadable is a plain notice. */
export function readPush(data: { text(): string } | null, locale: Locale = workerLocale()): PushPayload {
  let parsed: Partial<Record<keyof PushPayload, unknown>> = {};
  try {
    parsed = data ? (JSON.parse(data.text()) as typeof parsed) : {};
  } catch {
    parsed = {};
  }
  const text = (value: unknown, fallback: string) => (typeof value === "string" && value !== "" ? value : fallback);
  return pushPayload({
    title: text(parsed.title, "SchoolRide"),
    body: text(parsed.body, UNREADABLE_PUSH[locale]),
    url: text(parsed.url, "/"),
    tag: text(parsed.tag, "schoolride"),
  });
}

/** The in-app path a notification opens (its data's url if an in-app path, else the home page). */
export function clickTarget(data: unknown): string {
  const url = (data as { url?: unknown } | null)?.url;
  return pushPayload({ title: "", body: "", url: typeof url === "string" ? url : "/", tag: "" }).url;
}

export function installPushHandlers(sw: PushWorkerScope): void {
  sw.addEventListener("push", (event) => {
    const push = readPush(event.data);
    event.waitUntil(
      sw.registration.showNotification(push.title, {
        body: push.body,
        tag: push.tag,
        data: { url: push.url },
        icon: "/icon-192.png",
      }),
    );
  });
  sw.addEventListener("notificationclick", (event) => {
    event.notification.close();
    const path = clickTarget(event.notification.data);
    const url = new URL(path, sw.location.origin).href;
    event.waitUntil(
      (async () => {
        const windows = await sw.clients.matchAll({ type: "window", includeUncontrolled: true });
        const open = windows.find((client) => new URL(client.url).origin === sw.location.origin);
        if (open) {
          await open.focus();
          if (open.url !== url && open.navigate) await open.navigate(url);
          return;
        }
        await sw.clients.openWindow(url);
      })(),
    );
  });
}
