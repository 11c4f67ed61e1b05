import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import fc from "fast-check";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GEOCODE_LIMITS, GEOCODE_MESSAGES } from "#shared/routes.ts";
import { loadConfig } from "#worker/config.ts";
import { MAX_RESPONSE_BYTES, searchPlaces } from "#worker/services/routing/nominatim.ts";
import { callerFor, failure } from "../support/caller.ts";
import { createSchool, createUser } from "../support/fixtures.ts";
import { createTestApp, MINUTE, type TestApp } from "../support/harness.ts";
import { query } from "../support/http.ts";

/**
 * schoolAdmin.routes.geocode (ADR 0054): address search through a Nominatim-compatible server the
 * server calls, never the browser. A fake Nominatim on a local port answers what each test says.
 */

type Request = { path: string; params: URLSearchParams; userAgent: string | undefined };
let answer: (request: IncomingMessage, response: ServerResponse) => void;
const requests: Request[] = [];
let server: Server;
let base: string;

async function fakeNominatim(handler: RequestListener): Promise<{ server: Server; url: string }> {
  const fake = createServer(handler);
  await new Promise<void>((done) => fake.listen(0, "127.0.0.1", done));
  return { server: fake, url: `http://127.0.0.1:${(fake.address() as AddressInfo).port}/nominatim/` };
}

const json = (body: unknown) => (_: IncomingMessage, response: ServerResponse) => {
  response.setHeader("content-type", "application/json");
  response.end(JSON.stringify(body));
};

const PLACE = {
  place_id: 1,
  lat: "41.7508",
  lon: "-88.1535",
  display_name: "120 Main Street, Naperville, Illinois, USA",
};

let t: TestApp;
let off: TestApp;
beforeAll(async () => {
  ({ server, url: base } = await fakeNominatim((request, response) => {
    const url = new URL(request.url ?? "/", "http://fake");
    requests.push({ path: url.pathname, params: url.searchParams, userAgent: request.headers["user-agent"] });
    answer(request, response);
  }));
  t = await createTestApp({ env: { GEOCODER_URL: base, APP_URL: "https://app.schoolride.example" } });
  off = await createTestApp();
});
afterAll(async () => {
  t.close();
  off.close();
  server.closeAllConnections();
  await new Promise((done) => server.close(done));
});
beforeEach(() => {
  requests.length = 0;
  answer = json([PLACE]);
});

async function adminOfNewSchool(app = t) {
  const school = await createSchool(app.db, { timeZone: "America/Chicago" });
  const admin = await createUser(app.db, "school_admin", { schoolId: school.id });
  return callerFor(app, admin as never);
}

describe("schoolAdmin.routes.geocode", () => {
  it("asks the geocoder from the server, names the app in its User-Agent and returns at most five checked places", async () => {
    const api = await adminOfNewSchool();
    answer = json([
      PLACE,
      ...Array.from({ length: 6 }, (_, i) => ({ lat: 41 + i / 10, lon: -88, display_name: `Place ${i}` })),
    ]);
    const { places } = await api.schoolAdmin.routes.geocode({ query: "  120 Main Street  " });
    expect(places).toHaveLength(GEOCODE_LIMITS.maxResults);
    expect(places[0]).toEqual({ label: PLACE.display_name, lat: 41.7508, lng: -88.1535 });
    expect(places[1]).toEqual({ label: "Place 0", lat: 41, lng: -88 });
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request!.path).toBe("/nominatim/search");
    expect(Object.fromEntries(request!.params)).toEqual({ q: "120 Main Street", format: "jsonv2", limit: "5" });
    expect(request!.userAgent).toBe("SchoolRide/1.0 (+https://app.schoolride.example)");
  });

  it("prefers the school's area: a box around its stops, grown by 0.1°, not bounded to it", async () => {
    const api = await adminOfNewSchool();
    const { id: routeId } = await api.schoolAdmin.routes.create({
      route: {
        name: "North",
        direction: "pickup",
        colour: "#1f77b4",
        busId: null,
        driverName: "Dana",
        activeFrom: "2026-03-02",
        activeTo: null,
        weekdays: [1, 2, 3, 4, 5],
      },
    });
    await api.schoolAdmin.routes.stops.set({
      routeId,
      version: 0,
      stops: [
        { name: "A", latitude: 41.7, longitude: -88.2, time: "07:30", distanceMeters: 0 },
        { name: "B", latitude: 41.8, longitude: -88.1, time: "07:40", distanceMeters: 9000 },
      ],
    });
    // Another school's stops far away change nothing.
    const other = await adminOfNewSchool();
    const { id: otherRoute } = await other.schoolAdmin.routes.create({
      route: {
        name: "Far",
        direction: "dropoff",
        colour: "#1f77b4",
        busId: null,
        driverName: "Lee",
        activeFrom: "2026-03-02",
        activeTo: null,
        weekdays: [1],
      },
    });
    await other.schoolAdmin.routes.stops.set({
      routeId: otherRoute,
      version: 0,
      stops: [{ name: "Paris", latitude: 48.85, longitude: 2.35, time: "15:30", distanceMeters: 0 }],
    });
    requests.length = 0;
    await api.schoolAdmin.routes.geocode({ query: "Main Street" });
    expect(requests[0]!.params.get("viewbox")).toBe("-88.30000,41.90000,-88.00000,41.60000");
    expect(requests[0]!.params.get("bounded")).toBe("0");
  });

  it.each([
    ["an HTTP error", (_: IncomingMessage, response: ServerResponse) => void response.writeHead(502).end("down")],
    ["HTML", (_: IncomingMessage, response: ServerResponse) => void response.end("<html>busy</html>")],
    ["Nominatim's error object", json({ error: { code: 400, message: "Nothing to search for" } })],
    ["a place off the globe", json([{ ...PLACE, lat: "123.4" }])],
    ["coordinates that are not numbers", json([{ ...PLACE, lon: "east" }])],
    ["a place without a name", json([{ lat: "1", lon: "2" }])],
    ["too many places", json(Array.from({ length: 51 }, () => PLACE))],
    [
      "an answer too large",
      json([{ ...PLACE, display_name: "x".repeat(1_000), extratags: "y".repeat(MAX_RESPONSE_BYTES) }]),
    ],
    [
      "a redirect",
      (_: IncomingMessage, response: ServerResponse) =>
        void response.writeHead(302, { location: "http://127.0.0.1:1/elsewhere" }).end(),
    ],
  ])("answers one clear SERVICE_UNAVAILABLE when the geocoder sends %s, and logs why", async (_, bad) => {
    const api = await adminOfNewSchool();
    answer = bad;
    const lines = t.logger.lines.length;
    expect(await failure(api.schoolAdmin.routes.geocode({ query: "Main Street" }))).toEqual({
      code: "SERVICE_UNAVAILABLE",
      message: GEOCODE_MESSAGES.unavailable,
    });
    expect(t.logger.lines.slice(lines).map((line) => JSON.parse(line).message)).toEqual(["address search failed"]);
  });

  it("keeps the text of a name and nothing of the rest: controls become spaces, long names are cut", async () => {
    const api = await adminOfNewSchool();
    answer = json([{ ...PLACE, display_name: `Elm\u0000Road\u001b, ${"z".repeat(400)}`, osm_type: "way" }]);
    const { places } = await api.schoolAdmin.routes.geocode({ query: "Elm" });
    expect(places[0]!.label).toBe(`Elm Road , ${"z".repeat(289)}`);
    expect(Object.keys(places[0]!)).toEqual(["label", "lat", "lng"]);
  });

  it("holds each admin to 20 searches a minute (others unaffected), then lets them search again", async () => {
    const api = await adminOfNewSchool();
    const neighbour = await adminOfNewSchool();
    for (let i = 0; i < GEOCODE_LIMITS.perMinute; i++) await api.schoolAdmin.routes.geocode({ query: `Street ${i}` });
    const refused = await failure(api.schoolAdmin.routes.geocode({ query: "One more" }));
    expect(refused.code).toBe("TOO_MANY_REQUESTS");
    expect(refused.message).toMatch(/^Too many requests\. Please try again in \d+ seconds\.$/);
    expect(requests).toHaveLength(GEOCODE_LIMITS.perMinute);
    await neighbour.schoolAdmin.routes.geocode({ query: "Mine" });
    t.clock.advance(MINUTE);
    await api.schoolAdmin.routes.geocode({ query: "Later" });
    expect(requests).toHaveLength(GEOCODE_LIMITS.perMinute + 2);
  });

  it("refuses an empty or overlong search before asking anyone", async () => {
    const api = await adminOfNewSchool();
    expect((await failure(api.schoolAdmin.routes.geocode({ query: "   " }))).code).toBe("BAD_REQUEST");
    expect((await failure(api.schoolAdmin.routes.geocode({ query: "a".repeat(201) }))).code).toBe("BAD_REQUEST");
    expect(requests).toHaveLength(0);
  });

  it("is off without GEOCODER_URL: a clear refusal, and site.map tells the web app to hide the search", async () => {
    const api = await adminOfNewSchool(off);
    expect(await failure(api.schoolAdmin.routes.geocode({ query: "Main Street" }))).toEqual({
      code: "PRECONDITION_FAILED",
      message: GEOCODE_MESSAGES.off,
    });
    expect((await query(off.app, "site.map")).data).toMatchObject({ addressSearch: false });
    expect((await query(t.app, "site.map")).data).toMatchObject({ addressSearch: true });
    expect(requests).toHaveLength(0);
  });

  it("never answers a 500 or an unchecked place, whatever the geocoder sends (fuzz)", async () => {
    const api = await adminOfNewSchool();
    const anything = fc.oneof(
      fc.jsonValue(),
      fc.array(
        fc.record(
          {
            lat: fc.oneof(fc.string(), fc.double(), fc.constant(null)),
            lon: fc.oneof(fc.string(), fc.double()),
            display_name: fc.string(),
          },
          { requiredKeys: [] },
        ),
        { maxLength: 8 },
      ),
    );
    await fc.assert(
      fc.asyncProperty(anything, fc.integer({ min: 200, max: 599 }), async (body, status) => {
        t.clock.advance(MINUTE);
        answer = (_, response) =>
          void response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
        try {
          const { places } = await api.schoolAdmin.routes.geocode({ query: "Main Street" });
          for (const place of places) {
            expect(Math.abs(place.lat)).toBeLessThanOrEqual(90);
            expect(Math.abs(place.lng)).toBeLessThanOrEqual(180);
            expect(place.label.length).toBeGreaterThan(0);
            expect(place.label.isWellFormed()).toBe(true);
          }
        } catch (error) {
          expect((error as { code?: string }).code).toBe("SERVICE_UNAVAILABLE");
        }
      }),
      { seed: 54, numRuns: 60 },
    );
  });
});

describe("searchPlaces (the Nominatim client)", () => {
  it("gives up after its timeout", async () => {
    const silent = await fakeNominatim(() => {});
    try {
      const started = Date.now();
      await expect(
        searchPlaces(
          {
            geocoderUrl: silent.url.replace(/\/$/, ""),
            userAgent: "test",
            fetch: (u, i) => fetch(u, i),
            timeoutMs: 300,
          },
          "Main Street",
          { limit: 5, viewBox: null },
        ),
      ).rejects.toThrow(/timeout|abort/i);
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      silent.server.closeAllConnections();
      await new Promise((done) => silent.server.close(done));
    }
  });
});

describe("GEOCODER_URL", () => {
  it("is optional, an http(s) URL, kept without its trailing slash", () => {
    expect(loadConfig({}).geocoderUrl).toBeUndefined();
    expect(loadConfig({ GEOCODER_URL: "https://nominatim.example/" }).geocoderUrl).toBe("https://nominatim.example");
    expect(() => loadConfig({ GEOCODER_URL: "ftp://nominatim.example" })).toThrow(
      /GEOCODER_URL: must be an http\(s\) URL/,
    );
  });
});
