import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROUTE_MESSAGES } from "#shared/routes.ts";
import { callerFor, failure } from "../support/caller.ts";
import { createSchool, createUser } from "../support/fixtures.ts";
import { createTestApp, type TestApp } from "../support/harness.ts";
import { routeForm } from "../support/route-form.ts";

/** schoolAdmin.routes.suggestOrder (ADR 0050): a shorter order of a route's saved stops, written nowhere. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Api = Awaited<ReturnType<typeof callerFor>>;

async function adminOfNewSchool() {
  const school = await createSchool(t.db, { timeZone: "America/Chicago" });
  return callerFor(t, (await createUser(t.db, "school_admin", { schoolId: school.id })) as never);
}

/** A route whose stops, in the order given, zigzag along one street: 0, 3, 1, 2 km north (and the school last). */
async function zigzagRoute(api: Api, direction: "pickup" | "dropoff") {
  const { id } = await api.schoolAdmin.routes.create({ route: routeForm(`Zigzag ${direction}`, { direction }) });
  const kilometres = [0, 3, 1, 2, 4];
  await api.schoolAdmin.routes.stops.set({
    routeId: id,
    version: 0,
    stops: kilometres.map((km, index) => ({
      name: `Km ${km}`,
      latitude: 41.7 + km * 0.009,
      longitude: -88.15,
      time: `07:${String(10 + index).padStart(2, "0")}`,
      distanceMeters: index * 1000,
    })),
  });
  return id;
}

describe("schoolAdmin.routes.suggestOrder", () => {
  it("offers the shorter order with the distance before and after, straight lines without ROUTING_URL, and writes nothing", async () => {
    const api = await adminOfNewSchool();
    const routeId = await zigzagRoute(api, "pickup");
    const suggestion = await api.schoolAdmin.routes.suggestOrder({ routeId });
    expect(suggestion.distanceSource).toBe("straight-line");
    expect(suggestion.changed).toBe(true);
    expect(suggestion.stops.map((stop) => stop.name)).toEqual(["Km 0", "Km 1", "Km 2", "Km 3", "Km 4"]);
    // 0→3→1→2→4 is 3 + 2 + 1 + 2 = 8 km; in order it is 4 km.
    expect(suggestion.beforeMeters / 1000).toBeCloseTo(8, 1);
    expect(suggestion.afterMeters / 1000).toBeCloseTo(4, 1);
    expect(suggestion.version).toBe(1);
    const { stops } = await api.schoolAdmin.routes.get({ routeId });
    expect(stops.map((stop) => stop.name)).toEqual(["Km 0", "Km 3", "Km 1", "Km 2", "Km 4"]);
  });

  it("keeps a pickup route's last stop (the school) last and every route's first stop first", async () => {
    const api = await adminOfNewSchool();
    const { id } = await api.schoolAdmin.routes.create({
      route: {
        name: "Ends far",
        direction: "pickup",
        colour: "#1f77b4",
        busId: null,
        driverName: "Dana",
        activeFrom: "2026-01-05",
        activeTo: null,
        weekdays: [1],
      },
    });
    // The school (last) is between the first stop and the others: a free order would visit it second.
    const at = [0, 3, 4, 1];
    await api.schoolAdmin.routes.stops.set({
      routeId: id,
      version: 0,
      stops: at.map((km, index) => ({
        name: `Km ${km}`,
        latitude: 41.7 + km * 0.009,
        longitude: -88.15,
        time: "07:30",
        distanceMeters: index,
      })),
    });
    const suggestion = await api.schoolAdmin.routes.suggestOrder({ routeId: id });
    expect(suggestion.stops.at(0)?.name).toBe("Km 0");
    expect(suggestion.stops.at(-1)?.name).toBe("Km 1");
  });

  it("refuses another school's route as not found", async () => {
    const mine = await adminOfNewSchool();
    const theirs = await adminOfNewSchool();
    const routeId = await zigzagRoute(theirs, "dropoff");
    expect(await failure(mine.schoolAdmin.routes.suggestOrder({ routeId }))).toEqual({
      code: "NOT_FOUND",
      message: ROUTE_MESSAGES.notFound,
    });
  });
});
