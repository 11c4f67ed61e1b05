import { expect, type Locator, type Page, test } from "@playwright/test";
import { e2eDatabase, expectNoHorizontalScroll, signIn, unique } from "./support.ts";

/**
 * Issue 15, the parent's side, on a phone (375 × 812): the demo parent enrols a child in a trip
 * with a deposit and pays it on the simulated Checkout (Partial), then pays the balance (Paid), and
 * opts another child out of another trip (the refund rule in the confirmation). The trips are
 * written straight into the e2e server's database (the admin's page is engineer A's).
 */
test.use({ viewport: { width: 375, height: 812 } });

const DEMO_SCHOOL_ID = "00000000-0000-4000-8000-000000000100";

/** A calendar day `days` from today (UTC; the demo school's zone is a few hours behind, well inside the margins). */
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function createTrip(trip: { title: string; costCents: number; depositCents: number | null }) {
  const db = await e2eDatabase();
  const now = Date.now();
  await db.execute({
    sql: `insert into flight_trips (id, school_id, title, departure_airport, arrival_airport, departure_date, departure_time, return_date, return_time, airline,
            cost_per_student_cents, deposit_cents, description, status, enrollment_deadline, created_at, updated_at)
          values (?, ?, ?, 'ORD', 'DCA', ?, '08:30', ?, '17:45', 'United Airlines', ?, ?, 'Museums and the Capitol.', 'scheduled', ?, ?, ?)`,
    args: [
      crypto.randomUUID(),
      DEMO_SCHOOL_ID,
      trip.title,
      day(30),
      day(33),
      trip.costCents,
      trip.depositCents,
      day(14),
      now,
      now,
    ],
  });
  db.close();
}

const tripCard = (page: Page, title: string) =>
  page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 2, name: title }) });
const childRow = (card: Locator, name: string) => card.getByRole("listitem").filter({ hasText: name });

/** The local Checkout page's Pay button, then back on Flight Trips with the return notice. */
async function payOnCheckout(page: Page, amount: string) {
  await expect(page).toHaveURL(/\/dev\/stripe\/checkout\/cs_/);
  await page.getByRole("button", { name: `Pay ${amount}` }).click();
  await expect(page).toHaveURL(/\/parent\/flight-trips/);
  await expect(page.getByText("Payment received")).toBeVisible();
}

test("the demo parent enrols a child, pays the deposit (Partial) then the balance (Paid), and opts out of another trip", async ({
  page,
}) => {
  const washington = `Washington DC ${unique()}`;
  const zoo = `Zoo day ${unique()}`;
  await createTrip({ title: washington, costCents: 45_000, depositCents: 10_000 });
  await createTrip({ title: zoo, costCents: 2_500, depositCents: null });

  await signIn(page, "parent");
  await page.goto("/parent/flight-trips");
  await expect(page.getByRole("heading", { level: 1, name: "Flight Trips" })).toBeVisible();
  const card = tripCard(page, washington);
  await expect(card).toContainText("ORD → DCA");
  await expect(card).toContainText("$450.00");
  await expect(childRow(card, "Ava Rivera")).toContainText("Not Enrolled");
  await expectNoHorizontalScroll(page);

  // Enroll Now: the spec's modal; the terms are required.
  await card.getByRole("button", { name: `Enroll Now in ${washington}` }).click();
  const dialog = page.getByRole("dialog", { name: `Enroll in ${washington}` });
  await expect(dialog).toContainText("$100.00 deposit");
  await dialog.getByLabel("Select Child").selectOption({ label: "Ava Rivera" });
  await dialog.getByLabel("Emergency Contact", { exact: true }).fill("Alex Rivera");
  await dialog.getByLabel("Emergency Contact Phone").fill("(217) 555-0143");
  await dialog.getByLabel("Medical Information").fill("Peanut allergy: EpiPen in backpack");
  await dialog.getByRole("button", { name: "Enroll & Pay Now" }).click();
  await expect(dialog.getByText("You must accept the terms and conditions")).toBeVisible();
  await dialog.getByLabel(/I agree to the trip's terms/).check();
  await expectNoHorizontalScroll(page);
  await dialog.getByRole("button", { name: "Enroll & Pay Now" }).click();

  await payOnCheckout(page, "$100.00");
  const ava = childRow(tripCard(page, washington), "Ava Rivera");
  await expect(ava).toContainText("Confirmed");
  await expect(ava).toContainText("Partial");
  await expect(ava).toContainText("next payment $350.00");

  // Make Payment pays the balance.
  await ava.getByRole("button", { name: "Make Payment for Ava Rivera" }).click();
  await payOnCheckout(page, "$350.00");
  const paid = childRow(tripCard(page, washington), "Ava Rivera");
  await expect(paid).toContainText("Paid");
  await expect(paid).toContainText("Paid $450.00 of $450.00");
  await expect(paid.getByRole("button", { name: /Make Payment/ })).toHaveCount(0);

  // View Details: the trip and the enrolment.
  await paid.getByRole("button", { name: "View Details for Ava Rivera" }).click();
  const details = page.getByRole("dialog", { name: `${washington}: Ava Rivera` });
  await expect(details).toContainText("Peanut allergy: EpiPen in backpack");
  await expect(details).toContainText("United Airlines");
  await details.getByRole("button", { name: "Close" }).click();

  // The other trip: Leo enrols and pays in full, then opts out with the refund rule stated.
  const zooCard = tripCard(page, zoo);
  await zooCard.getByRole("button", { name: `Enroll Now in ${zoo}` }).click();
  const zooDialog = page.getByRole("dialog", { name: `Enroll in ${zoo}` });
  await zooDialog.getByLabel("Select Child").selectOption({ label: "Leo Rivera" });
  await zooDialog.getByLabel("Emergency Contact", { exact: true }).fill("Alex Rivera");
  await zooDialog.getByLabel("Emergency Contact Phone").fill("(217) 555-0143");
  await zooDialog.getByLabel(/I agree to the trip's terms/).check();
  await zooDialog.getByRole("button", { name: "Enroll & Pay Now" }).click();
  await payOnCheckout(page, "$25.00");
  const leo = childRow(tripCard(page, zoo), "Leo Rivera");
  await expect(leo).toContainText("Confirmed");
  await leo.getByRole("button", { name: "Opt Out Leo Rivera" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText(
    "Opting out before the enrolment deadline refunds everything you paid for this trip, in full.",
  );
  await confirm.getByRole("button", { name: "Opt Out" }).click();
  await expect(page.getByText("Your child is no longer enrolled. Any payment is refunded to your card.")).toBeVisible();
  await expect(childRow(tripCard(page, zoo), "Leo Rivera")).toContainText("Opted Out");
  await expect(childRow(tripCard(page, zoo), "Leo Rivera").getByRole("button", { name: /Opt Out/ })).toHaveCount(0);
  await expectNoHorizontalScroll(page);
});
