/**
 * Live tracking in workerd (ADR 0055): the run's Durable Object accepts a parent's WebSocket (the
 * Hibernation API, through the Worker's route and checks), sends the run's view at once, and fans
 * out the driver's position posted through the Worker to the same object.
 */
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { seedRun } from "./support/live-run.ts";
import { APP_ORIGIN } from "./support/worker-env.ts";

describe("the live run's Durable Object", () => {
  it("accepts a parent's WebSocket, sends the run at once, and fans out the driver's position", async () => {
    const { runId, parentCookie, driverCookie } = await seedRun();
    const response = await exports.default.fetch(`${APP_ORIGIN}/api/live/runs/${runId}/socket`, {
      headers: { Upgrade: "websocket", Cookie: parentCookie, Origin: APP_ORIGIN },
    });
    expect(response.status).toBe(101);
    const socket = (response as Response & { webSocket: WebSocket & { accept(): void } }).webSocket;
    const messages: { type: string; run: { audience: string; position: { latitude: number } | null } }[] = [];
    socket.addEventListener("message", (event) => {
      messages.push(JSON.parse(String(event.data)));
    });
    socket.accept();
    await expect.poll(() => messages.length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(messages[0]).toMatchObject({ type: "run", run: { audience: "parent", position: null } });

    const batch = await exports.default.fetch(`${APP_ORIGIN}/api/live/runs/${runId}/batch`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: driverCookie, Origin: APP_ORIGIN },
      body: JSON.stringify({
        items: [
          {
            kind: "position",
            clientId: "w1",
            at: Date.now(),
            latitude: 41.7,
            longitude: -88.15,
            accuracy: 8,
            speed: 9,
            heading: 0,
          },
        ],
      }),
    });
    expect(batch.status).toBe(200);
    expect(await batch.json()).toMatchObject({ acknowledged: ["w1"], refused: [] });
    await expect.poll(() => messages.at(-1)?.run.position?.latitude, { timeout: 10_000 }).toBe(41.7);
    socket.close(1000, "done");
  });

  it("refuses a socket from another origin before the object is reached", async () => {
    const { runId, parentCookie } = await seedRun();
    const response = await exports.default.fetch(`${APP_ORIGIN}/api/live/runs/${runId}/socket`, {
      headers: { Upgrade: "websocket", Cookie: parentCookie, Origin: "https://evil.example" },
    });
    expect(response.status).toBe(403);
  });
});
