/**
 * "Suggest an order" for a route's stops: the pure ordering (worker/shared/route-order.ts) by
 * properties and known small cases, and the road distances of a routing server with their fallback
 * to straight lines (worker/services/routing/), against local HTTP servers.
 */
import { createServer, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import {
  haversineMeters,
  type LatLng,
  matrixDistance,
  routeLength,
  straightLineDistance,
  suggestOrder,
} from "#shared/route-order.ts";
import { loadConfig } from "#worker/config.ts";
import type { Logger } from "#worker/deps.ts";
import { tableUrl } from "#worker/services/routing/osrm.ts";
import { suggestStopOrder } from "#worker/services/routing/suggest-order.ts";

/** Stops within about 20 km of central London, with duplicates likely (few distinct values). */
const stop = fc.record({
  lat: fc.integer({ min: 0, max: 40 }).map((k) => 51.4 + k * 0.005),
  lng: fc.integer({ min: 0, max: 40 }).map((k) => -0.2 + k * 0.0075),
});
const stops = fc.array(stop, { maxLength: 30 });
const ends = fc.record({ fixFirst: fc.boolean(), fixLast: fc.boolean() });

/** A point `meters` east of the origin on the equator (1° of longitude is ~111 km there). */
const east = (meters: number): LatLng => ({ lat: 0, lng: meters / 111_195 });

describe("haversineMeters", () => {
  it("measures great-circle distances", () => {
    expect(haversineMeters({ lat: 0, lng: 0 }, { lat: 0, lng: 0 })).toBe(0);
    // One degree along the equator: 2πR / 360 with the mean radius.
    expect(haversineMeters({ lat: 0, lng: 0 }, { lat: 0, lng: 1 })).toBeCloseTo(111_195, 0);
    // London to Paris is about 344 km.
    const london = { lat: 51.5074, lng: -0.1278 };
    const paris = { lat: 48.8566, lng: 2.3522 };
    expect(haversineMeters(london, paris) / 1000).toBeCloseTo(344, 0);
    expect(haversineMeters(paris, london)).toBe(haversineMeters(london, paris));
  });
});

describe("routeLength", () => {
  it("sums the legs in the given order, with straight lines by default", () => {
    const points = [east(0), east(1000), east(3000)];
    expect(routeLength(points, [0, 1, 2])).toBeCloseTo(3000, 0);
    expect(routeLength(points, [0, 2, 1])).toBeCloseTo(5000, 0);
    expect(routeLength(points, [])).toBe(0);
    expect(routeLength(points, [2])).toBe(0);
    expect(routeLength(points, [0, 1], () => 7)).toBe(7);
  });
});

describe("suggestOrder", () => {
  it("returns a permutation of the stops, never longer than the input order", () => {
    fc.assert(
      fc.property(stops, ends, (points, options) => {
        const { order, before, after } = suggestOrder(points, options);
        expect([...order].sort((a, b) => a - b)).toEqual(points.map((_, index) => index));
        expect(before).toBeCloseTo(
          routeLength(
            points,
            points.map((_, index) => index),
          ),
          6,
        );
        expect(after).toBeCloseTo(routeLength(points, order), 6);
        expect(after).toBeLessThanOrEqual(before);
      }),
    );
  });

  it("keeps the first stop first by default, and the last stop last when asked", () => {
    fc.assert(
      fc.property(stops, fc.boolean(), (points, fixLast) => {
        const { order } = suggestOrder(points, { fixLast });
        if (points.length > 0) expect(order[0]).toBe(0);
        if (fixLast && points.length > 0) expect(order.at(-1)).toBe(points.length - 1);
      }),
    );
  });

  it("is deterministic: the same stops give the same order", () => {
    fc.assert(
      fc.property(stops, ends, (points, options) => {
        const copy = points.map((point) => ({ ...point }));
        expect(suggestOrder(copy, options)).toEqual(suggestOrder(points, options));
      }),
    );
  });

  it("follows the distances it is given, asymmetric ones too", () => {
    // One-way streets: 0→1→2 is short, 0→2→1 is long, whatever the straight lines say.
    const matrix = [
      [0, 100, 10],
      [900, 0, 100],
      [900, 900, 0],
    ];
    const points = [east(0), east(5000), east(100)];
    expect(suggestOrder(points).order).toEqual([0, 2, 1]);
    expect(suggestOrder(points, { distance: matrixDistance(matrix) })).toEqual({
      order: [0, 1, 2],
      before: 200,
      after: 200,
    });
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 8, maxLength: 8 }), {
          minLength: 8,
          maxLength: 8,
        }),
        ends,
        (rows, options) => {
          const distance = matrixDistance(rows);
          const points = rows.map((_, index) => east(index));
          const { order, before, after } = suggestOrder(points, { ...options, distance });
          expect(after).toBe(routeLength(points, order, distance));
          expect(after).toBeLessThanOrEqual(before);
        },
      ),
    );
  });

  it("leaves no reversal of a movable stretch that would shorten the suggested order (2-opt)", () => {
    const matrix = fc.array(fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 9, maxLength: 9 }), {
      minLength: 9,
      maxLength: 9,
    });
    fc.assert(
      fc.property(matrix, ends, (rows, { fixFirst, fixLast }) => {
        const distance = matrixDistance(rows);
        const points = rows.map((_, index) => east(index));
        const { order, after } = suggestOrder(points, { distance, fixFirst, fixLast });
        if (order.every((stop, index) => stop === index)) return; // the input order, kept as it was
        for (let i = fixFirst ? 1 : 0; i < order.length; i++) {
          for (let j = i + 1; j < order.length - (fixLast ? 1 : 0); j++) {
            const reversed = [...order.slice(0, i), ...order.slice(i, j + 1).reverse(), ...order.slice(j + 1)];
            expect(routeLength(points, reversed, distance)).toBeGreaterThanOrEqual(after);
          }
        }
      }),
    );
  });

  it("handles no stop, one, two and three", () => {
    expect(suggestOrder([])).toEqual({ order: [], before: 0, after: 0 });
    expect(suggestOrder([east(0)], { fixLast: true })).toEqual({ order: [0], before: 0, after: 0 });
    expect(suggestOrder([east(0), east(500)], { fixLast: true }).order).toEqual([0, 1]);
    // Two stops with neither end fixed: either direction is as long, so the input order stays.
    expect(suggestOrder([east(500), east(0)], { fixFirst: false }).order).toEqual([0, 1]);
    // Three stops: the middle one is visited first when it is on the way.
    const three = suggestOrder([east(0), east(3000), east(1000)]);
    expect(three.order).toEqual([0, 2, 1]);
    expect(three.before).toBeCloseTo(5000, 0);
    expect(three.after).toBeCloseTo(3000, 0);
    // …unless the last stop is fixed: then there is nothing to move.
    expect(suggestOrder([east(0), east(3000), east(1000)], { fixLast: true }).order).toEqual([0, 1, 2]);
  });

  it("keeps stops at the same place together", () => {
    const points = [east(0), east(2000), east(1000), east(2000), east(1000)];
    const { order, after } = suggestOrder(points);
    expect(order).toEqual([0, 2, 4, 1, 3]);
    expect(after).toBeCloseTo(2000, 0);
    expect(suggestOrder([east(0), east(0), east(0)])).toEqual({ order: [0, 1, 2], before: 0, after: 0 });
  });

  it("uncrosses a square visited crosswise", () => {
    // Corners of a ~1 km square: 0 and 1 on the bottom, 2 and 3 on the top; 0→2→1→3 crosses itself.
    const d = 1 / 111.195;
    const corners = [
      { lat: 0, lng: 0 },
      { lat: 0, lng: d },
      { lat: d, lng: 0 },
      { lat: d, lng: d },
    ];
    const crosswise = [corners[0]!, corners[3]!, corners[1]!, corners[2]!];
    const { order, before, after } = suggestOrder(crosswise);
    expect(order).toEqual([0, 2, 1, 3]);
    expect(before).toBeCloseTo(1000 + 2 * 1414.2, -1);
    expect(after).toBeCloseTo(3000, -1);
  });

  it("sorts collinear stops given in a scrambled order", () => {
    const meters = [0, 700, 200, 900, 100, 500, 300, 800, 400, 600];
    const { order, after } = suggestOrder(meters.map(east));
    expect(order.map((index) => meters[index])).toEqual([0, 100, 200, 300, 400, 500, 600, 700, 800, 900]);
    expect(after).toBeCloseTo(900, 0);
    // Free ends: the line is walked end to end, from either end.
    const free = suggestOrder([400, 0, 900, 200, 600].map(east), { fixFirst: false });
    expect(free.after).toBeCloseTo(900, 0);
  });

  it("keeps a pickup route's school last", () => {
    // The depot at 0, stops at 1000 and 3000, the school (last) at 2000: on the way, but visited last.
    const points = [east(0), east(3000), east(1000), east(2000)];
    expect(suggestOrder(points, { fixLast: true }).order).toEqual([0, 2, 1, 3]);
    expect(suggestOrder(points, { fixLast: true }).after).toBeCloseTo(4000, 0);
    expect(suggestOrder(points).order).toEqual([0, 2, 3, 1]);
  });

  it("improves on 200 random stops", () => {
    let seed = 7;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const points = Array.from({ length: 200 }, () => ({ lat: 51.4 + random() * 0.2, lng: -0.2 + random() * 0.3 }));
    const { order, before, after } = suggestOrder(points, { distance: straightLineDistance(points), fixLast: true });
    expect(new Set(order).size).toBe(200);
    expect(after).toBeLessThan(before / 4);
  });
});

describe("suggestStopOrder: road distances from ROUTING_URL, straight lines otherwise", () => {
  const servers: Server[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
    }
  });

  /** A local routing server; returns its base URL and the paths it was asked for. */
  async function routingServer(handler: RequestListener): Promise<{ url: string; requests: string[] }> {
    const requests: string[] = [];
    const server = createServer((request, response) => {
      requests.push(request.url ?? "");
      handler(request, response);
    });
    servers.push(server);
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/osrm/`, requests };
  }

  function recordingLogger(): Logger & { warnings: string[] } {
    const warnings: string[] = [];
    return { warnings, info: () => {}, error: () => {}, warn: (message) => warnings.push(message) };
  }

  function deps(routingUrl: string | undefined, logger = recordingLogger()) {
    return { config: loadConfig(routingUrl ? { ROUTING_URL: routingUrl } : {}), logger, timeoutMs: 300 };
  }

  // Straight lines say 0→1→2; the roads say 0→2→1 (a river between 0 and 1, a bridge near 2).
  const points = [east(0), east(1000), east(2000)];
  const roads = [
    [0, 9000, 2500],
    [9000, 0, 1500],
    [2500, 1500, 0],
  ];

  it("uses the server's distance table when it answers", async () => {
    const server = await routingServer((_, response) => {
      response.setHeader("content-type", "application/json");
      response.end(JSON.stringify({ code: "Ok", distances: roads, sources: [], destinations: [] }));
    });
    const result = await suggestStopOrder(deps(server.url), points);
    expect(result).toEqual({ order: [0, 2, 1], before: 10_500, after: 4000, distanceSource: "road" });
    expect(server.requests).toEqual([
      "/osrm/table/v1/driving/0.000000,0.000000;0.008993,0.000000;0.017986,0.000000?annotations=distance",
    ]);
  });

  it.each([
    ["garbage", (response: Parameters<RequestListener>[1]) => response.end("<html>not json</html>")],
    ["an error code", (response: Parameters<RequestListener>[1]) => response.end(JSON.stringify({ code: "TooBig" }))],
    ["an HTTP error", (response: Parameters<RequestListener>[1]) => response.writeHead(502).end()],
    [
      "a table of the wrong size",
      (response: Parameters<RequestListener>[1]) => response.end(JSON.stringify({ code: "Ok", distances: [[0]] })),
    ],
    [
      "an unreachable stop",
      (response: Parameters<RequestListener>[1]) =>
        response.end(
          JSON.stringify({ code: "Ok", distances: roads.map((row, i) => (i === 1 ? [null, 0, null] : row)) }),
        ),
    ],
  ])("falls back to straight lines when the server answers %s", async (_, answer) => {
    const server = await routingServer((_, response) => answer(response));
    const logger = recordingLogger();
    const result = await suggestStopOrder(deps(server.url, logger), points);
    expect(result).toMatchObject({ order: [0, 1, 2], distanceSource: "straight-line" });
    expect(result.after).toBeCloseTo(2000, 0);
    expect(server.requests).toHaveLength(1);
    expect(logger.warnings).toEqual(["road distances unavailable; straight lines used"]);
  });

  it("falls back to straight lines when the server does not answer in time", async () => {
    const server = await routingServer(() => {});
    const logger = recordingLogger();
    const result = await suggestStopOrder(deps(server.url, logger), points);
    expect(result.distanceSource).toBe("straight-line");
    expect(server.requests).toHaveLength(1);
    expect(logger.warnings).toHaveLength(1);
  });

  it("asks nobody when ROUTING_URL is unset", async () => {
    const fetch = () => Promise.reject(new Error("no request expected"));
    const logger = recordingLogger();
    const result = await suggestStopOrder({ ...deps(undefined, logger), fetch }, points);
    expect(result).toMatchObject({ order: [0, 1, 2], distanceSource: "straight-line" });
    expect(logger.warnings).toEqual([]);
  });
});

describe("ROUTING_URL", () => {
  it("is optional, an http(s) URL, kept without its trailing slash", () => {
    expect(loadConfig({}).routingUrl).toBeUndefined();
    expect(loadConfig({ ROUTING_URL: "https://routing.example/osrm/" }).routingUrl).toBe(
      "https://routing.example/osrm",
    );
    expect(loadConfig({ ROUTING_URL: "http://localhost:5000" }).routingUrl).toBe("http://localhost:5000");
    expect(() => loadConfig({ ROUTING_URL: "ftp://routing.example" })).toThrow(/ROUTING_URL: must be an http\(s\) URL/);
    expect(() => loadConfig({ ROUTING_URL: "not a url" })).toThrow(/ROUTING_URL/);
  });

  it("builds the table request from longitude,latitude pairs", () => {
    expect(tableUrl("https://r.example", [{ lat: 51.5, lng: -0.12 }])).toBe(
      "https://r.example/table/v1/driving/-0.120000,51.500000?annotations=distance",
    );
  });
});
