import { expect, type Page, test } from "@playwright/test";
import { CHILD_MESSAGES } from "#shared/children-texts.ts";
import { expectNoHorizontalScroll, signIn } from "./support.ts";

/**
 * Issue 27, the parent's side, on a phone (375 × 812): the demo parent sees where and when Ava is
 * picked up and dropped off (the seed's North Loop, bus 12, Mill St & 5th Ave in Naperville) on the
 * dashboard and on My Children, with a small map of the stop; marks her not riding tomorrow (or,
 * when tomorrow has no bus, the days up to the next Monday), sees it listed, and undoes it.
 */
test.use({ viewport: { width: 375, height: 812 } });

const CHILD = "Ava Rivera";
const STOP = "Mill St & 5th Ave";
const ZONE = "America/Chicago";

/** The school's tomorrow (YYYY-MM-DD) and the last day of a range that reaches a weekday (the demo routes run Monday to Friday). */
function tomorrowAtSchool() {
  const day = (offset: number) =>
    new Intl.DateTimeFormat("en-CA", { timeZone: ZONE }).format(new Date(Date.now() + offset * 86_400_000));
  const weekdayOf = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay();
  const from = day(1);
  let to = from;
  for (let offset = 1; [0, 6].includes(weekdayOf(to)); offset++) to = day(1 + offset);
  return { from, to };
}

const medium = (date: string) =>
  new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" }).format(new Date(`${date}T12:00:00Z`));

async function expectAvaStops(page: Page, card: ReturnType<Page["getByRole"]>) {
  const stops = card.getByRole("definition").filter({ hasText: STOP });
  await expect(stops).toHaveCount(2);
  await expect(stops.nth(0)).toContainText("7:48 AM · Bus 12 · North Loop");
  await expect(stops.nth(1)).toContainText("3:27 PM · Bus 12 · North Loop");
  await expect(card.getByRole("term").filter({ hasText: /^(Pickup|Drop-off)$/ })).toHaveText(["Pickup", "Drop-off"]);
  // The map of the pickup stop, named for screen readers: drawn once the card comes near the screen
  // (ADR 0048), so a phone's page loads no Leaflet for the cards below the fold.
  await card.getByRole("definition").filter({ hasText: STOP }).first().scrollIntoViewIfNeeded();
  await expect(card.getByRole("img", { name: `Map of the stop ${STOP}` })).toBeVisible();
  await expectNoHorizontalScroll(page);
}

test("on a phone, the parent sees the child's stop and times, and marks the child not riding tomorrow", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const scripts: string[] = [];
  page.on("request", (request) => scripts.push(new URL(request.url()).pathname));
  await signIn(page, "parent");

  // The dashboard's card: the school's assignment; Leo's card too; none of the parent's typed route.
  const cards = page.getByRole("list", { name: "Your children" });
  const ava = cards.getByRole("listitem").filter({ hasText: CHILD }).first();
  // On a phone the child cards are below the fold: their maps, and Leaflet, wait until scrolled to.
  await expect(ava.getByRole("definition").filter({ hasText: STOP })).toHaveCount(2);
  await page.waitForLoadState("networkidle");
  expect(scripts.filter((path) => path.startsWith("/assets/leaflet-map-"))).toEqual([]);
  await expectAvaStops(page, ava);
  expect(scripts.filter((path) => path.startsWith("/assets/leaflet-map-"))).toHaveLength(1);
  await expect(page.getByText(CHILD_MESSAGES.noTransport)).toHaveCount(0);

  // My Children: the same, and the not-riding dialog.
  await page.goto("/parent/children");
  const card = page
    .getByRole("list", { name: "Your children" })
    .getByRole("listitem")
    .filter({ hasText: CHILD })
    .first();
  await expectAvaStops(page, card);
  await expect(page.getByRole("link", { name: /Not riding/ })).toHaveAttribute("href", "#your-children");

  const { from, to } = tomorrowAtSchool();
  await card.getByRole("button", { name: `Not riding… ${CHILD}` }).click();
  const dialog = page.getByRole("dialog", { name: `${CHILD} is not riding` });
  await expect(dialog.getByRole("radio", { name: "Tomorrow" })).toBeChecked();
  if (to !== from) {
    await dialog.getByRole("radio", { name: "Some days" }).check();
    await dialog.getByLabel("From", { exact: true }).fill(from);
    await dialog.getByLabel("To", { exact: true }).fill(to);
  }
  await expectNoHorizontalScroll(page);
  await dialog.getByRole("button", { name: "Mark not riding" }).click();
  await expect(page.getByText("The school knows your child will not ride.")).toBeVisible();
  await expect(dialog).toBeHidden();
  const days = card.getByRole("list", { name: `Days ${CHILD} is not riding` });
  await expect(days).toContainText(`Not riding ${medium(to)}`);
  await expectNoHorizontalScroll(page);

  // Seen on the dashboard too; then Undo, so the demo stays as seeded.
  await page.goto("/parent");
  const dashboardDays = ava.getByRole("list", { name: `Days ${CHILD} is not riding` });
  await expect(dashboardDays).toContainText(`Not riding ${medium(to)}`);
  await dashboardDays.getByRole("button", { name: `Undo: ${CHILD} rides on ${medium(to)}` }).click();
  await expect(page.getByText("Your child is riding again.")).toBeVisible();
  await expect(dashboardDays.getByText(`Not riding ${medium(to)}`)).toHaveCount(0);
});
