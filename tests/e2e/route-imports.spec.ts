import { expect, type Locator, type Page, test } from "@playwright/test";
import { DEMO_SCHOOL_ID } from "./a11y-routes.ts";
import { modal } from "./a11y-support.ts";
import { e2eDatabase, expectNoHorizontalScroll, signIn, unique } from "./support.ts";

const SHOTS = process.env.ROUTES_SHOTS_DIR;

/** The screen as the admin sees it (the dialog over the page). */
async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/** The demo parent (worker/local/demo-seed.ts). */
const DEMO_PARENT = "00000000-0000-4000-8000-000000000102";
const TAG = unique().slice(-6);
/** A route of the demo school with no stops and no bus, and a child of the school who rides nothing; removed afterwards. */
const ROUTE = { id: crypto.randomUUID(), name: `Import Loop ${TAG}` };
const CHILD = { id: crypto.randomUUID(), name: `Wren Quarry${TAG}` };

test.beforeAll(async () => {
  const db = await e2eDatabase();
  const now = Date.now();
  await db.batch([
    {
      sql: `insert into routes (id, school_id, name, direction, colour, driver_name, active_from, weekdays, created_at, updated_at)
            values (?, ?, ?, 'pickup', '#2563eb', 'Dana Brooks', '2026-01-01', 62, ?, ?)`,
      args: [ROUTE.id, DEMO_SCHOOL_ID, ROUTE.name, now, now],
    },
    {
      sql: `insert into children (id, school_id, parent_id, name, age, grade, school, emergency_contact, created_at, updated_at)
            values (?, ?, ?, ?, 9, '4th Grade', 'Maple Grove Primary', 'Gran 555 0100', ?, ?)`,
      args: [CHILD.id, DEMO_SCHOOL_ID, DEMO_PARENT, CHILD.name, now, now],
    },
  ]);
  db.close();
});

test.afterAll(async () => {
  const db = await e2eDatabase();
  await db.batch([
    { sql: "delete from children where id = ?", args: [CHILD.id] },
    { sql: "delete from routes where id = ?", args: [ROUTE.id] },
  ]);
  db.close();
});

const choose = (dialog: Locator, label: string, name: string, lines: string[]) =>
  dialog.getByLabel(label).setInputFiles({ name, mimeType: "text/csv", buffer: Buffer.from(lines.join("\r\n")) });

/**
 * Issue 27 item 2, CSV imports (ADR 0052): the school admin imports a route's stops from a file
 * with a bad row (its problem listed, nothing importable), fixes the file and imports it; then
 * imports riders, where an unknown child is listed, and the corrected file assigns the child.
 * The preview with problems at 1280 and 375 px: the table scrolls inside itself, never the page.
 */
test("a school admin imports a route's stops and its riders from CSV files, seeing each row's problem first", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, "school_admin");
  await page.goto(`/school-admin/routes/${ROUTE.id}`);
  await expect(page.getByRole("heading", { level: 1, name: ROUTE.name })).toBeVisible();
  await expect(page.getByText("No stops yet.")).toBeVisible();

  await page.getByRole("button", { name: "Import stops (CSV)" }).click();
  const stops = modal(page, "Import stops");
  // The template is the header row, downloaded as a file.
  const template = stops.getByRole("link", { name: "Download the template" });
  await expect(template).toHaveAttribute("download", "stops-template.csv");
  expect(decodeURIComponent((await template.getAttribute("href")) ?? "")).toContain(
    '"name","latitude","longitude","time"',
  );

  // Too large: refused here with the server's limit, nothing sent.
  await stops
    .getByLabel("Stops file (CSV)")
    .setInputFiles({ name: "huge.csv", mimeType: "text/csv", buffer: Buffer.alloc(700_001, "a") });
  await expect(stops.getByText("The file is too large: at most 700,000 characters")).toBeVisible();

  const header = "Name,Latitude,Longitude,Time";
  const good = ["Mill St & Bauer Rd,41.79418,-88.15694,07:10", "Mill St & 5th Ave,41.78016,-88.15668,07:16"];
  await choose(stops, "Stops file (CSV)", "stops.csv", [
    header,
    good[0]!,
    "Trafalgar Square,51.5080,-0.1281,07:12",
    "Columbia St & Franklin Ave,41.77652,-88.15251,7.14",
    good[1]!,
  ]);
  await expect(stops.getByText("stops.csv: 4 rows: 2 ready, 2 with problems.")).toBeVisible();
  const problems = stops.getByRole("region", { name: "Rows with problems" });
  await expect(problems.getByRole("row", { name: /Trafalgar Square/ })).toContainText(
    /The stop is [\d,]+ km from the school's other stops \(at most 50 km\)/,
  );
  await expect(problems.getByRole("row", { name: /Columbia St/ })).toContainText("Enter the time as HH:MM (24-hour)");
  await expect(problems.getByRole("row", { name: /Mill St/ })).toHaveCount(0);
  await expect(stops.getByRole("button", { name: "Import", exact: true })).toBeDisabled();
  await shot(page, "stops-preview-1280");
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoHorizontalScroll(page);
  await shot(page, "stops-preview-375");
  await page.setViewportSize({ width: 1280, height: 720 });

  // The file fixed (the stray stop left out, the time written as HH:MM): nothing was written yet.
  await choose(stops, "Stops file (CSV)", "stops.csv", [
    header,
    good[0]!,
    "Columbia St & Franklin Ave,41.77652,-88.15251,07:14",
    good[1]!,
  ]);
  await expect(stops.getByText("stops.csv: 3 rows: 3 ready, 0 with problems.")).toBeVisible();
  await expect(stops.getByRole("region", { name: "Rows to import" }).getByRole("row")).toHaveCount(4);
  await stops.getByRole("button", { name: "Import 3 stops" }).click();
  await expect(page.getByText("3 stops added to the route.")).toBeVisible();
  await expect(stops).toHaveCount(0);
  const list = page.getByRole("list", { name: `Stops of ${ROUTE.name}, in order` });
  await expect(list.getByRole("listitem")).toHaveCount(3);
  await expect(list.getByLabel("Name").nth(1)).toHaveValue("Columbia St & Franklin Ave");

  // Riders, for every route at once: an unknown child is listed by name.
  await page.goto("/school-admin/routes");
  await page.getByRole("button", { name: "Import riders (CSV)" }).click();
  const riders = modal(page, "Import riders");
  const rows = [
    "child,route,stop,weekdays,from,to",
    `${CHILD.name},${ROUTE.name},Mill St & 5th Ave,Mon Wed Fri,,`,
    `Nobody Known${TAG},${ROUTE.name},Mill St & 5th Ave,Mon,,`,
  ];
  await choose(riders, "Riders file (CSV)", "riders.csv", rows);
  await expect(riders.getByText("riders.csv: 2 rows: 1 ready, 1 with a problem.")).toBeVisible();
  await expect(
    riders.getByRole("region", { name: "Rows with problems" }).getByRole("row", { name: /Nobody Known/ }),
  ).toContainText(`No child of the school is called "Nobody Known${TAG}"`);
  await expect(riders.getByRole("button", { name: "Import", exact: true })).toBeDisabled();
  await shot(page, "riders-preview-1280");
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoHorizontalScroll(page);
  await shot(page, "riders-preview-375");
  await page.setViewportSize({ width: 1280, height: 720 });

  // The same rows pasted without the unknown child.
  await riders.getByText("Or paste the rows").click();
  await riders.getByLabel("Rows (CSV, with the header row)").fill(rows.slice(0, 2).join("\n"));
  await riders.getByRole("button", { name: "Check the rows" }).click();
  await expect(riders.getByText("The pasted rows: 1 row: 1 ready, 0 with problems.")).toBeVisible();
  await riders.getByRole("button", { name: "Import 1 rider" }).click();
  await expect(page.getByText("1 rider assignment imported.")).toBeVisible();
  await expect(riders).toHaveCount(0);
  await page.goto(`/school-admin/routes/${ROUTE.id}`);
  await expect(page.getByText(CHILD.name)).toBeVisible();
});
