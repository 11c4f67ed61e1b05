/**
 * What `npm run bench` measures. An area adds its hot paths here, one line each:
 *
 *   { name: "schoolAdmin.trips.list", role: "school_admin", input: { page: 1 } },
 *
 * - `HOT_PATHS`: tRPC queries called as `role` (a live session of a user of that role; tenant users
 *   belong to a school with an active subscription). Each gets its throughput against a bare Hono
 *   handler running the same SQL (`ratio_vs_baseline`), its database round trips (`round_trips`,
 *   goal `maxRoundTrips`, 2 unless said) and, with `load: true`, a place in the 200-connection mix.
 *   The baseline replays the statements the procedure itself sent (recorded once through the
 *   database client); `baseline` replaces them with hand-written SQL when that is the point.
 * - `LISTS`: queries whose latency must stay flat from 1k to 100k rows (`growth_1k_to_100k`).
 */
import type { InStatement } from "@libsql/client";
import type { RoleValue } from "#shared/auth.ts";
import { BENCH_ROUTE_ID } from "./routes.ts";

export type HotPath = {
  /** The tRPC path, also the key in results.json. */
  name: string;
  role: RoleValue;
  input?: unknown;
  /** Goal for `round_trips` (default 2: the session check and one batch). */
  maxRoundTrips?: number;
  /** In the mixed load (authenticated reads a signed-in super admin's pages send). */
  load?: boolean;
  /** SQL for the baseline handler instead of the statements the procedure sent. */
  baseline?: InStatement[];
};

export const HOT_PATHS: HotPath[] = [
  { name: "auth.me", role: "super_admin", maxRoundTrips: 1, load: true },
  { name: "superAdmin.schools.list", role: "super_admin", input: { page: 1 }, load: true },
  { name: "superAdmin.stats", role: "super_admin", load: true },
  { name: "superAdmin.auditLogs.list", role: "super_admin", input: { page: 1 }, load: true },
  { name: "superAdmin.invitations.list", role: "super_admin", input: { page: 1 } },
  { name: "parent.overview", role: "parent" },
  { name: "schoolAdmin.parents.list", role: "school_admin", input: { page: 1 } },
  { name: "schoolAdmin.dashboard", role: "school_admin" },
  { name: "schoolAdmin.trips.list", role: "school_admin", input: { view: "week" } },
  { name: "schoolAdmin.notifications.list", role: "school_admin", input: { tab: "all" } },
  { name: "schoolAdmin.notifications.listSent", role: "school_admin", input: { page: 1 } },
  { name: "parent.notifications.list", role: "parent", input: { tab: "all" } },
  { name: "schoolAdmin.connect.status", role: "school_admin" },
  { name: "schoolAdmin.invoices.list", role: "school_admin", input: { tab: "all", page: 1 } },
  { name: "schoolAdmin.paymentSettings.get", role: "school_admin" },
  { name: "parent.invoices.list", role: "parent", input: { tab: "all", page: 1 } },
  { name: "parent.flightTrips.list", role: "parent" },
  // ADR 0046 (tests/bench/routes.ts: 50 routes and 5,000 riders in the 1k-row database).
  { name: "schoolAdmin.routes.list", role: "school_admin", input: { page: 1 } },
  { name: "schoolAdmin.routes.get", role: "school_admin", input: { routeId: BENCH_ROUTE_ID } },
  { name: "parent.rides.lookup", role: "parent" },
];

export type ListPath = { name: string; path: string; role: RoleValue; input?: unknown };

export const LISTS: ListPath[] = [
  { name: "schools.list page 1", path: "superAdmin.schools.list", role: "super_admin", input: { page: 1 } },
  // Searches for a term with the same matches at every scale (ADR 0031: a search costs what its
  // matches cost): part of one school's name, whose words ("bench", "school") are in every school's
  // name and e-mail; the start of an invoice number (INV-2025-040 … 049), in every invoice's "INV-2025-".
  {
    name: "schools.list search",
    path: "superAdmin.schools.list",
    role: "super_admin",
    input: { page: 1, search: "bench home" },
  },
  { name: "stats", path: "superAdmin.stats", role: "super_admin" },
  { name: "auditLogs.list page 1", path: "superAdmin.auditLogs.list", role: "super_admin", input: { page: 1 } },
  { name: "invitations.list page 1", path: "superAdmin.invitations.list", role: "super_admin", input: { page: 1 } },
  // One school with `rows` invoices (1k → 100k): page 1 with the totals cards (kept by triggers), a tab, a search.
  {
    name: "invoices.list page 1 + totals",
    path: "schoolAdmin.invoices.list",
    role: "school_admin",
    input: { tab: "all", page: 1 },
  },
  {
    name: "invoices.list overdue tab",
    path: "schoolAdmin.invoices.list",
    role: "school_admin",
    input: { tab: "overdue", page: 1 },
  },
  {
    name: "invoices.list search",
    path: "schoolAdmin.invoices.list",
    role: "school_admin",
    input: { tab: "all", page: 1, search: "inv-2025-04" },
  },
  // ADR 0046: the home school's routes grow with the scale, 50 routes and 5,000 riders at 1k rows to
  // 1,000 routes and 100,000 riders at 100k (tests/bench/routes.ts): the routes list, a route's page
  // (its stops and its riders, which the page shows by stop) and the parent's ride lookup, whose four
  // statements the parent's dashboard sends in its batch (`rideLookupQueries`). The dashboard itself
  // is no line here: the bench parent is the recipient of all `rows` invoices, which it also reads.
  { name: "routes.list page 1", path: "schoolAdmin.routes.list", role: "school_admin", input: { page: 1 } },
  {
    name: "routes.get stops + riders",
    path: "schoolAdmin.routes.get",
    role: "school_admin",
    input: { routeId: BENCH_ROUTE_ID },
  },
  { name: "rides.lookup", path: "parent.rides.lookup", role: "parent" },
];
