/** The service worker's push handlers (web/src/sw/push.ts, ADR 0068), on a fake worker scope: no browser. */
import { describe, expect, it } from "vitest";
import { PUSH_BODY_MAX } from "#shared/push-constants.ts";
import {
  installPushHandlers,
  type NotificationClickLike,
  type PushEventLike,
  type PushWorkerScope,
} from "../../web/src/sw/push.ts";

const ORIGIN = "https://app.schoolride.example";

function fakeWorker(windows: { url: string }[] = []) {
  const listeners: Record<string, (event: never) => void> = {};
  const shown: { title: string; options: unknown }[] = [];
  const log: string[] = [];
  const clients = windows.map((window) => ({
    url: window.url,
    focus: async () => void log.push(`focus ${window.url}`),
    navigate: async (url: string) => void log.push(`navigate ${url}`),
  }));
  const sw: PushWorkerScope = {
    location: { origin: ORIGIN },
    registration: { showNotification: async (title, options) => void shown.push({ title, options }) },
    clients: {
      matchAll: async () => clients,
      openWindow: async (url) => void log.push(`open ${url}`),
    },
    addEventListener: (type: string, listener: (event: never) => void) => {
      listeners[type] = listener;
    },
  };
  installPushHandlers(sw);
  const waits: Promise<unknown>[] = [];
  const push = async (text: string | null) => {
    const event: PushEventLike = {
      data: text === null ? null : { text: () => text },
      waitUntil: (promise) => void waits.push(promise),
    };
    listeners.push!(event as never);
    await Promise.all(waits);
  };
  const click = async (data: unknown) => {
    let closed = false;
    const event: NotificationClickLike = {
      notification: { data, close: () => void (closed = true) },
      waitUntil: (promise) => void waits.push(promise),
    };
    listeners.notificationclick!(event as never);
    await Promise.all(waits);
    return closed;
  };
  return { push, click, shown, log };
}

describe("the service worker's push handlers", () => {
  it("show a push as a notification: its title, text and tag, the link in its data", async () => {
    const worker = fakeWorker();
    await worker.push(
      JSON.stringify({
        title: "Bus approaching",
        body: "North loop is 3–5 min from Library.",
        url: "/parent/rides/r1",
        tag: "busApproaching:b1",
      }),
    );
    expect(worker.shown).toEqual([
      {
        title: "Bus approaching",
        options: {
          body: "North loop is 3–5 min from Library.",
          tag: "busApproaching:b1",
          data: { url: "/parent/rides/r1" },
          icon: "/icon-192.png",
        },
      },
    ]);
  });

  it("bound what they show: a long text is cut, a link to another site becomes the home page, an unreadable push is a plain notice", async () => {
    const worker = fakeWorker();
    await worker.push(JSON.stringify({ title: "T", body: "x".repeat(1000), url: "https://evil.example/", tag: "k" }));
    await worker.push("not json");
    await worker.push(null);
    const [long, garbled, empty] = worker.shown as {
      title: string;
      options: { body: string; data: { url: string } };
    }[];
    expect(long!.options.body.length).toBeLessThanOrEqual(PUSH_BODY_MAX);
    expect(long!.options.data.url).toBe("/");
    expect(garbled).toMatchObject({
      title: "SchoolRide",
      options: { body: "You have a new notification.", data: { url: "/" } },
    });
    expect(empty).toEqual(garbled);
  });

  it("a tap focuses an open window of the app and takes it to the link", async () => {
    const worker = fakeWorker([{ url: "https://elsewhere.example/" }, { url: `${ORIGIN}/parent` }]);
    expect(await worker.click({ url: "/parent/invoices" })).toBe(true);
    expect(worker.log).toEqual([`focus ${ORIGIN}/parent`, `navigate ${ORIGIN}/parent/invoices`]);
  });

  it("a tap with no window of the app open opens one at the link (never another site's)", async () => {
    const worker = fakeWorker([{ url: "https://elsewhere.example/" }]);
    await worker.click({ url: "/parent/notifications" });
    await worker.click({ url: "//evil.example/x" });
    expect(worker.log).toEqual([`open ${ORIGIN}/parent/notifications`, `open ${ORIGIN}/`]);
  });
});
