import { type Browser, expect, type Page, test } from "@playwright/test";
import { e2eDatabase, signIn, unique } from "./support.ts";

/**
 * Issue 25 item 8: a school area shows every instant in the school's zone (the demo school's is
 * America/Chicago), whatever the browser's: this browser runs in Tokyo, 14 or 15 hours ahead.
 */
test.use({ timezoneId: "Asia/Tokyo" });

const SCHOOL_ZONE = "America/Chicago";
const DEMO_SCHOOL_ID = "00000000-0000-4000-8000-000000000100";

/** Every way the app may show an instant between `from` and `to` (to the minute) as "Mar 2, 2026, 9:05 PM" in `zone`. */
function shownBetween(from: number, to: number, zone: string): string[] {
  const format = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: zone });
  const shown: string[] = [];
  for (let minute = Math.floor(from / 60_000) * 60_000; minute <= to; minute += 60_000)
    shown.push(format.format(minute).replace(/\s/g, " "));
  return shown;
}

const plain = async (text: Promise<string | null>) => ((await text) ?? "").replace(/\s/g, " ").trim();

async function freeTrip(title: string) {
  const db = await e2eDatabase();
  const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const now = Date.now();
  await db.execute({
    sql: `insert into flight_trips (id, school_id, title, departure_airport, arrival_airport, departure_date, departure_time, return_date, return_time, airline,
            cost_per_student_cents, deposit_cents, description, status, enrollment_deadline, created_at, updated_at)
          values (?, ?, ?, 'ORD', 'MKE', ?, '08:30', ?, '17:45', 'United Airlines', 0, null, null, 'scheduled', ?, ?, ?)`,
    args: [crypto.randomUUID(), DEMO_SCHOOL_ID, title, day(30), day(31), day(14), now, now],
  });
  db.close();
}

async function asSchoolAdmin(browser: Browser, run: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ timezoneId: "Asia/Tokyo" });
  const page = await context.newPage();
  try {
    await signIn(page, "school_admin");
    await run(page);
  } finally {
    await context.close();
  }
}

test("Terms accepted and the Parents page's Last login are in the school's zone, not the browser's", async ({
  page,
  browser,
}) => {
  const title = `Brewery museum ${unique()}`;
  await freeTrip(title);
  const signedInFrom = Date.now();
  await signIn(page, "parent");
  const signedInTo = Date.now();

  await page.goto("/parent/flight-trips");
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 2, name: title }) });
  await card.getByRole("button", { name: `Enroll Now in ${title}` }).click();
  const dialog = page.getByRole("dialog", { name: `Enroll in ${title}` });
  await dialog.getByLabel("Select Child").selectOption({ label: "Leo Rivera" });
  await dialog.getByLabel("Emergency Contact", { exact: true }).fill("Alex Rivera");
  await dialog.getByLabel("Emergency Contact Phone").fill("(312) 555-0143");
  await dialog.getByLabel(/I agree to the trip's terms/).check();
  const enrolledFrom = Date.now();
  await dialog.getByRole("button", { name: "Enroll Now" }).click();
  await expect(page.getByText("Your child is enrolled in this trip.")).toBeVisible();
  const enrolledTo = Date.now();

  await card.getByRole("button", { name: "View Details for Leo Rivera" }).click();
  const details = page.getByRole("dialog", { name: `${title}: Leo Rivera` });
  const accepted = details.locator("dt", { hasText: "Terms accepted" }).locator("xpath=following-sibling::dd[1]");
  expect(shownBetween(enrolledFrom, enrolledTo, SCHOOL_ZONE)).toContain(await plain(accepted.textContent()));
  expect(shownBetween(enrolledFrom, enrolledTo, "Asia/Tokyo")).not.toContain(await plain(accepted.textContent()));

  await asSchoolAdmin(browser, async (admin) => {
    await admin.goto("/school-admin/parents");
    const row = admin.getByRole("row").filter({ hasText: "parent@maple.example.com" });
    const lastLogin = row.getByRole("cell").filter({ hasText: /, \d{4}, \d/ });
    expect(shownBetween(signedInFrom, signedInTo, SCHOOL_ZONE)).toContain(await plain(lastLogin.textContent()));
  });
});

test("a new route is active from the school's today, not the browser's", async ({ page }) => {
  await signIn(page, "school_admin");
  // 20:00 UTC: still today in Chicago (2 or 3 PM), already tomorrow in Tokyo (5 AM).
  const instant = new Date(`${new Date().toISOString().slice(0, 10)}T20:00:00Z`);
  await page.clock.setSystemTime(instant);
  const inZone = (zone: string) => instant.toLocaleDateString("en-CA", { timeZone: zone });
  expect(inZone(SCHOOL_ZONE)).not.toBe(inZone("Asia/Tokyo"));
  await page.goto("/school-admin/routes");
  await page.getByRole("button", { name: "New Route" }).click();
  await expect(page.getByRole("dialog", { name: "New Route" }).getByLabel("Active From")).toHaveValue(
    inZone(SCHOOL_ZONE),
  );
});
