import { expect, type Page, test } from "@playwright/test";
import { CHILD_MESSAGES } from "#shared/children-texts.ts";
import { DEMO_SCHOOL_ID } from "./a11y-routes.ts";
import { modal } from "./a11y-support.ts";
import { e2eDatabase, expectNoHorizontalScroll, signIn, unique } from "./support.ts";

const SHOTS = process.env.ROUTES_SHOTS_DIR;

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** The demo parent (worker/local/demo-seed.ts). */
const DEMO_PARENT = "00000000-0000-4000-8000-000000000102";
/** Three children of the demo school who ride nothing, for a bus of two seats; removed afterwards (other journeys count the demo's children). */
const FAMILY = `Quill${unique().slice(-6)}`;
const CHILDREN = ["Ada", "Ben", "Cy"].map((first) => ({ id: crypto.randomUUID(), name: `${first} ${FAMILY}` }));

test.beforeAll(async () => {
  const db = await e2eDatabase();
  const now = Date.now();
  await db.batch(
    CHILDREN.map((child) => ({
      sql: `insert into children (id, school_id, parent_id, name, age, grade, school, emergency_contact, created_at, updated_at)
            values (?, ?, ?, ?, 9, '4th Grade', 'Maple Grove Primary', 'Gran 555 0100', ?, ?)`,
      args: [child.id, DEMO_SCHOOL_ID, DEMO_PARENT, child.name, now, now],
    })),
  );
  db.close();
});

test.afterAll(async () => {
  const db = await e2eDatabase();
  await db.batch(CHILDREN.map((child) => ({ sql: "delete from children where id = ?", args: [child.id] })));
  db.close();
});

/** The stop card of the list at `position` (1-based). */
const stopCard = (page: Page, position: number) =>
  page
    .getByRole("list", { name: /^Stops of .*, in order$/ })
    .getByRole("listitem")
    .nth(position - 1);

/**
 * Issue 27, Routes: the school admin creates a route with a new bus, builds its stops with the
 * keyboard alone (typed coordinates, Move up / Move down), saves them (the order holds on reload),
 * applies the suggested order, and assigns riders up to the bus's seats (the next is refused with the numbers);
 * then the riders' parent, on a phone, sees each child's stop, time, bus and route, and the one refused as not assigned.
 */
test("a school admin builds a route's stops with the keyboard and saves them", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const name = `Creek Loop ${unique()}`;
  const bus = `R${unique().slice(-5)}`;
  await signIn(page, "school_admin");
  await page.getByRole("link", { name: "Routes" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Routes" })).toBeVisible();
  await expect(page.getByRole("link", { name: "North Loop" }).first()).toBeVisible();
  await shot(page, "list-1280");

  // New Route, with a bus added from the form.
  await page.getByRole("button", { name: "New Route" }).click();
  const form = modal(page, "New Route");
  await form.getByLabel("Route Name").fill(name);
  await form.getByLabel("Driver Name").fill("Dana Brooks");
  await form.getByLabel("Direction").selectOption("Dropoff");
  await form.getByRole("button", { name: "New bus" }).click();
  const busForm = modal(page, "New Bus");
  await busForm.getByLabel("Bus Number").fill(bus);
  await busForm.getByLabel("Seats").fill("2");
  await busForm.getByRole("button", { name: "Add Bus" }).click();
  await expect(busForm).toHaveCount(0);
  await expect(form.getByLabel("Bus", { exact: true })).toHaveValue(/.+/);
  await expect(form.getByLabel("Bus", { exact: true }).locator("option:checked")).toHaveText(`Bus ${bus} (2 seats)`);
  await form.getByRole("button", { name: "Create Route" }).click();

  // The route's page: no stops yet.
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByText(`Bus ${bus}`)).toBeVisible();
  await expect(page.getByText("No stops yet.")).toBeVisible();

  // Three stops, typed: Add stop focuses the new stop's name.
  const stops = [
    { name: "Oak St", time: "07:10", lat: "41.7900", lng: "-88.1500" },
    { name: "Elm St", time: "07:20", lat: "41.7800", lng: "-88.1500" },
    { name: "Pine St", time: "07:30", lat: "41.7700", lng: "-88.1500" },
  ];
  for (const [index, stop] of stops.entries()) {
    await page.getByRole("button", { name: "Add stop" }).focus();
    await page.keyboard.press("Enter");
    const card = stopCard(page, index + 1);
    await expect(card.getByLabel("Name")).toBeFocused();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type(stop.name);
    await card.getByLabel("Time").fill(stop.time);
    await card.getByLabel("Latitude").fill(stop.lat);
    await card.getByLabel("Longitude").fill(stop.lng);
  }
  // Pine St up twice: Oak, Elm, Pine → Oak, Pine, Elm → Pine, Oak, Elm; the focus stays on its button.
  await page.getByRole("button", { name: "Move Pine St up" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: "Move Pine St up" })).toBeFocused();
  await expect(page.getByRole("status").filter({ hasText: "Pine St moved to position 2 of 3" })).toBeAttached();
  await page.keyboard.press("Enter");
  // At the top its Move up is disabled: the focus moved to its Move down.
  await expect(page.getByRole("button", { name: "Move Pine St down" })).toBeFocused();
  await expect(stopCard(page, 1).getByLabel("Name")).toHaveValue("Pine St");

  // Times out of order are refused before anything is sent.
  await page.getByRole("button", { name: "Save stops" }).click();
  await expect(
    page.getByText("Each stop's time and distance must not be before the previous stop's").first(),
  ).toBeVisible();
  // Times follow the new order.
  for (const [index, time] of ["07:05", "07:10", "07:20"].entries())
    await stopCard(page, index + 1)
      .getByLabel("Time")
      .fill(time);
  await page.getByRole("button", { name: "Save stops" }).click();
  await expect(page.getByText("Stops saved")).toBeVisible();

  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  for (const [index, stop] of ["Pine St", "Oak St", "Elm St"].entries())
    await expect(stopCard(page, index + 1).getByLabel("Name")).toHaveValue(stop);
  await expect(stopCard(page, 2).getByLabel("Latitude")).toHaveValue("41.79");
  await expect(page.getByRole("button", { name: /^Stop \d: / })).toHaveCount(3);
  await shot(page, "editor-1280");

  // Optimise stop order: from Pine St (kept first), Elm St is nearer than Oak St. Applied only on confirm.
  await page.getByRole("button", { name: "Optimise stop order" }).click();
  const optimise = modal(page, "Optimise stop order");
  await expect(optimise.getByText("3.3 km")).toBeVisible();
  await expect(optimise.getByText("2.2 km")).toBeVisible();
  await expect(optimise.getByRole("list", { name: "Suggested order" }).getByRole("listitem")).toHaveText([
    "Pine St",
    "Elm St",
    "Oak St",
  ]);
  await shot(page, "optimise-1280");
  await optimise.getByRole("button", { name: "Keep the current order" }).click();
  await expect(stopCard(page, 2).getByLabel("Name")).toHaveValue("Oak St");
  await page.getByRole("button", { name: "Optimise stop order" }).click();
  await optimise.getByRole("button", { name: "Apply this order" }).click();
  for (const [index, stop] of ["Pine St", "Elm St", "Oak St"].entries())
    await expect(stopCard(page, index + 1).getByLabel("Name")).toHaveValue(stop);
  // Each position kept its time.
  await expect(stopCard(page, 2).getByLabel("Time")).toHaveValue("07:10");
  await page.getByRole("button", { name: "Save stops" }).click();
  await expect(page.getByText("Stops saved")).toBeVisible();
  await page.reload();
  await expect(stopCard(page, 3).getByLabel("Name")).toHaveValue("Oak St");

  // Riders: two children fill the bus's two seats; a third is refused with the numbers.
  const riders = page.getByRole("region", { name: "Riders" });
  const assign = page.getByRole("form", { name: "Assign a rider" });
  for (const [index, child] of CHILDREN.entries()) {
    await assign.getByLabel("Find a child").fill(FAMILY);
    await assign.getByRole("radio", { name: new RegExp(child.name) }).check();
    await assign.getByLabel("Stop").selectOption({ label: index === 0 ? "2. Elm St (07:10)" : "3. Oak St (07:20)" });
    await assign.getByRole("button", { name: "Assign to stop" }).click();
    if (index < 2) {
      await expect(riders.getByText(child.name)).toBeVisible();
      await expect(riders.getByText(`${index + 1} of 2 seats used on the busiest day`)).toBeVisible();
    }
  }
  await expect(assign.getByRole("alert")).toHaveText(`Bus ${bus} has 2 seats and 2 riders on Mondays`);
  const byStop = page.getByRole("list", { name: /^Riders of .* by stop$/ });
  await expect(byStop.getByText(CHILDREN[1]!.name)).toBeVisible();
  await expect(byStop.getByText(CHILDREN[2]!.name)).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByText("2 riders · 2 of 2 seats used")).toBeVisible();
  await shot(page, "riders-1280");

  // The driver's route sheet for a chosen day: a PDF with the riders just assigned.
  const sheetDate = page.getByLabel("Route sheet for");
  await sheetDate.fill("2030-01-07");
  const sheet = page.getByRole("link", { name: `Download the route sheet of ${name} for 2030-01-07` });
  const download = await page.request.get((await sheet.getAttribute("href")) ?? "");
  expect(download.status()).toBe(200);
  expect(download.headers()["content-type"]).toBe("application/pdf");
  expect(download.headers()["content-disposition"]).toContain("route-sheet-2030-01-07.pdf");

  // On a phone: the list and the editor without sideways scrolling.
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await shot(page, "editor-375");
  await page.goto("/school-admin/routes");
  await expect(page.getByRole("heading", { level: 1, name: "Routes" })).toBeVisible();
  await expect(page.getByRole("link", { name }).first()).toBeVisible();
  await expectNoHorizontalScroll(page);
  await shot(page, "list-375");

  // The parent of the three, on a phone: My Children shows where and when the school picks each up.
  const parent = await (await browser.newContext({ viewport: { width: 375, height: 812 } })).newPage();
  await signIn(parent, "parent");
  await parent.goto("/parent/children");
  const cardOf = (child: string) =>
    parent.getByRole("list", { name: "Your children" }).getByRole("listitem").filter({ hasText: child }).first();
  for (const [index, stop] of [
    { name: "Elm St", time: "7:10 AM" },
    { name: "Oak St", time: "7:20 AM" },
  ].entries()) {
    const card = cardOf(CHILDREN[index]!.name);
    await expect(card.getByRole("term").filter({ hasText: /^(Pickup|Drop-off)$/ })).toHaveText(["Drop-off"]);
    await expect(card.getByRole("definition").filter({ hasText: stop.name })).toContainText(
      `${stop.time} · Bus ${bus} · ${name}`,
    );
    // The stop's small map is drawn once the card comes near the screen (ADR 0048).
    await card.getByRole("definition").filter({ hasText: stop.name }).scrollIntoViewIfNeeded();
    await expect(card.getByRole("img", { name: `Map of the stop ${stop.name}` })).toBeVisible();
  }
  await expect(cardOf(CHILDREN[2]!.name)).toContainText(CHILD_MESSAGES.noTransport);
  await expectNoHorizontalScroll(parent);
  await shot(parent, "parent-375");
  await parent.context().close();
});
