import { expect, type Page, test } from "@playwright/test";
import { totpCodeAt, totpStep } from "#worker/auth/mfa.ts";
import {
  DEMO_SCHOOL_ID,
  DRIVER_ROUTES,
  PARENT_ROUTES,
  PUBLIC_ROUTES,
  SCHOOL_ADMIN_ROUTES,
  SUPER_ADMIN_ROUTES,
} from "./a11y-routes.ts";
import {
  DESKTOP,
  expectHeading,
  modal,
  PHONE,
  scanBothWidths,
  scanDialog,
  scanRoutes,
  sweep,
  unscannedDialogs,
} from "./a11y-support.ts";
import { liveRunToday, NORTH_LOOP } from "./live-run.ts";
import {
  closeToast,
  createSuperAdmin,
  DEMO_PASSWORD,
  e2eDatabase,
  fillLogin,
  fillStepOne,
  linkIn,
  logOut,
  signIn,
  unique,
  waitForEmail,
} from "./support.ts";

/**
 * Issue 16: axe (serious and critical impact) on every route of every role at 1280 and 375 px, and
 * with every dialog open. The lists are in a11y-routes.ts; tests/node/a11y-coverage.test.ts keeps
 * them in step with the router and web/src's dialogs.
 */

/** A flight trip with one enrolled child, for the roster, Notify, Details and Opt Out. */
const TRIP = `A11y Museums ${unique()}`;
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The public pages of the second test: sign-in, passwords, invitations, payment return and not found. */
const AUTH_PAGES = new Set(["/forgot-password", "/reset-password", "/accept-invite", "/payment/success", "/404", "/*"]);

let tripId = "";
test.beforeAll(async () => {
  tripId = await tripWithEnrollment(TRIP);
});

test.afterAll(async () => {
  // The other journeys run on the same database: leave no extra trip or enrolment.
  const db = await e2eDatabase();
  await db.batch([
    { sql: "delete from flight_trip_enrollments where flight_trip_id = ?", args: [tripId] },
    { sql: "delete from flight_trips where id = ?", args: [tripId] },
  ]);
  db.close();
  console.log(`a11y sweep: ${sweep.routes.size} routes, ${sweep.dialogs.size} dialogs, ${sweep.axeRuns} axe runs`);
});

test.use({ actionTimeout: 30_000 });

/** axe takes 1–8 s a run (more on a loaded machine): the sweep is split into tests of about 20 runs. */
const BUDGET = 240_000;

test("public content pages at 1280 and 375 px", async ({ page }) => {
  test.setTimeout(BUDGET);
  await scanRoutes(
    page,
    PUBLIC_ROUTES.filter((route) => !route.pattern.includes("login") && !AUTH_PAGES.has(route.pattern)),
  );
});

test("public sign-in, password and error pages at 1280 and 375 px", async ({ page }) => {
  test.setTimeout(BUDGET);
  await scanRoutes(
    page,
    PUBLIC_ROUTES.filter((route) => route.pattern.includes("login") || AUTH_PAGES.has(route.pattern)),
  );
});

test("the registration wizard's four steps and the payment confirmation", async ({ page }) => {
  test.setTimeout(BUDGET);
  const email = `a11y.${unique()}@wizard.example`;
  await page.goto("/get-started");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("alert")).toBeVisible();
  await scanBothWidths(page, "step 1 with its error");
  await fillStepOne(page, email, `A11y Academy ${unique()}`);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { name: "Email Verification" })).toBeVisible();
  await scanBothWidths(page, "step 2 (verify)");
  const code = /\b(\d{6})\b/.exec((await waitForEmail(page, email, /verification code/)).subject)![1]!;
  await page.getByLabel("Verification Code").fill(code);
  await page.getByRole("button", { name: "Verify Email" }).click();
  await expect(page.getByRole("heading", { name: "Terms & Consent" })).toBeVisible();
  await scanBothWidths(page, "step 3 (consent)");
  await page.getByLabel("I have read and accept the Terms of Service").check();
  await page.getByLabel("I have read and accept the Privacy Policy").check();
  await page.getByRole("button", { name: "Accept & Continue" }).click();
  await expect(page.getByRole("heading", { name: "Complete Your Registration" })).toBeVisible();
  await scanBothWidths(page, "step 4 (payment)");
  await page.getByRole("button", { name: "Proceed to Secure Payment" }).click();
  await page.getByRole("button", { name: /Pay \$/ }).click();
  await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible({ timeout: 10_000 });
  await scanBothWidths(page, "payment success");
});

/** One sign-in per role, then each page of its area at both widths. */
const AREAS = [
  { role: "super_admin", label: "super admin", routes: SUPER_ADMIN_ROUTES },
  { role: "school_admin", label: "school admin", routes: SCHOOL_ADMIN_ROUTES },
  { role: "parent", label: "parent", routes: PARENT_ROUTES },
  { role: "driver", label: "driver", routes: DRIVER_ROUTES },
] as const;

for (const { role, label, routes } of AREAS) {
  test(`${label}: every page at 1280 and 375 px`, async ({ page }) => {
    test.setTimeout(BUDGET);
    await signIn(page, role);
    await scanRoutes(page, routes);
  });
}

/**
 * The driver's run open (issue 28): sharing banner, stops with Boarded / Absent, End run's
 * confirmation, on a run of its own made for today (live-run.ts: any day, any hour), so no other
 * journey's run (the live board's simulated River Road, the demo driver's North Loop) is touched.
 */
test("driver: a run open, and End run's confirmation, at 1280 and 375 px", async ({ page, context }) => {
  test.setTimeout(BUDGET);
  const run = await liveRunToday({ corners: NORTH_LOOP, childStop: 2, childName: "Theo Marsh" });
  await context.grantPermissions(["geolocation"]);
  await page.goto("/login/driver");
  await fillLogin(page, run.driver.email, DEMO_PASSWORD);
  await expect(page).toHaveURL("/driver");
  await page.goto(`/driver/runs/${run.runId}`);
  await expectHeading(page, /North Loop/);
  await page.getByRole("button", { name: "Start run" }).click();
  await context.setGeolocation({
    latitude: NORTH_LOOP[0]!.latitude,
    longitude: NORTH_LOOP[0]!.longitude,
    accuracy: 30,
  });
  const banner = page.getByRole("region", { name: "Location sharing" });
  await expect(banner).toContainText("Sharing your location while this run is open");
  await expect(page.getByRole("button", { name: "Boarded" }).first()).toBeVisible();
  await scanBothWidths(page, "driver: a run open");
  await page.setViewportSize(PHONE);
  // The banner stays on screen when the driver scrolls to End run.
  await page.getByRole("button", { name: "End run" }).scrollIntoViewIfNeeded();
  await expect(banner).toBeInViewport();
  await scanDialog(page, "endRun", () => page.getByRole("button", { name: "End run" }).click());
});

test("super admin: every dialog open", async ({ page }) => {
  test.setTimeout(BUDGET);
  await signIn(page, "super_admin");

  // The dashboard's pending approvals: Reject.
  await page.goto("/super-admin");
  await scanDialog(page, "rejectSchool", () =>
    page.getByRole("button", { name: "Reject Cedar Ridge Elementary" }).first().click(),
  );

  // Schools: create, invite, details, edit, delete (cancelled).
  await page.goto("/super-admin/schools");
  await expectHeading(page, /Schools Management/);
  await scanDialog(page, "createSchool", () => page.getByRole("button", { name: "Create School" }).first().click());
  const invitee = `a11y.${unique()}@admins.example`;
  const invitation = await scanDialog(
    page,
    "schoolAdminInvitation",
    () => page.getByRole("button", { name: "Invite Admin", exact: true }).click(),
    { keepOpen: true },
  );
  await invitation.getByLabel("Admin name").fill("Ally Eleven");
  await invitation.getByLabel("Admin email").fill(invitee);
  await invitation.getByLabel("School", { exact: true }).selectOption({ label: "Maple Grove Primary" });
  await invitation.getByRole("button", { name: "Send Invitation" }).click();
  // The toast sits bottom-right, over the last row's Edit button on a slow machine: close it.
  await closeToast(page, `Invitation sent to ${invitee}`);
  // Found by search: the schools other journeys add (super-admin.spec.ts's eleven) push it off page 1.
  await page.getByLabel("Search schools").fill("Maple Grove Primary");
  const maple = page.getByRole("row").filter({ hasText: "Maple Grove Primary" });
  await scanDialog(page, "schoolDetails", () => maple.getByRole("button", { name: "View details" }).click());
  await scanDialog(page, "editSchool", () => maple.getByRole("button", { name: "Edit" }).click());
  await scanDialog(page, "deleteSchool", () => maple.getByRole("button", { name: "Delete" }).click());

  // Pending schools: details and reject.
  await page.goto("/super-admin/pending-schools");
  await scanDialog(page, "registrationDetails", () =>
    page.getByRole("button", { name: "View details of Cedar Ridge Elementary" }).click(),
  );

  // Invitations: e-mail logs, revoke (cancelled).
  await page.goto("/super-admin/invites");
  await expectHeading(page, /Invitations Management/);
  await scanDialog(page, "emailLogs", () =>
    page.getByRole("button", { name: `View email logs for ${invitee}` }).click(),
  );
  await scanDialog(page, "revokeInvitation", () =>
    page.getByRole("button", { name: `Revoke invitation for ${invitee}` }).click(),
  );

  // Settings: saving asks to confirm it's you (password only: no two-factor).
  await page.goto("/super-admin/settings");
  await expect(page.getByLabel("Support e-mail")).not.toHaveValue("");
  await scanDialog(page, "confirmItsYou", () => page.getByRole("button", { name: "Save Settings" }).click());
});

test("two-factor screens, the code step of sign-in, sudo with a code, and a real reset link", async ({ page }) => {
  test.setTimeout(BUDGET);
  const email = `a11y.mfa.${unique()}@example.com`;
  const password = "a long a11y passphrase for mfa";
  createSuperAdmin(email, "Ally Factor", password);
  await page.goto("/login/superadmin");
  await fillLogin(page, email, password);
  await expect(page).toHaveURL("/super-admin");
  await page.goto("/super-admin/security");
  await page.getByRole("button", { name: "Set up two-factor" }).click();
  await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  await scanBothWidths(page, "two-factor enrolment (QR code)");
  const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
  // Two codes are needed: the previous and the current step are both accepted, each once.
  const step = totpStep(new Date());
  await page.getByLabel("Authentication code").fill(totpCodeAt(secret, step - 1));
  await page.getByRole("button", { name: "Verify and turn on" }).click();
  await expect(page.getByTestId("recovery-code")).toHaveCount(10);
  await scanBothWidths(page, "recovery codes");
  await page.getByRole("button", { name: "I saved them" }).click();
  await scanDialog(page, "turnOffTwoFactor", () => page.getByRole("button", { name: "Turn off two-factor" }).click());
  await page.goto("/super-admin/settings");
  await expect(page.getByLabel("Support e-mail")).not.toHaveValue("");
  await scanDialog(page, "confirmItsYou", () => page.getByRole("button", { name: "Save Settings" }).click());

  // Sign-in's second step.
  await logOut(page);
  await page.goto("/login/superadmin");
  await fillLogin(page, email, password);
  await expect(page.getByLabel("Authentication code")).toBeVisible();
  await scanBothWidths(page, "sign-in code step");
  await page.getByRole("button", { name: "Use a recovery code" }).click();
  await expect(page.getByLabel("Recovery code")).toBeVisible();
  await scanBothWidths(page, "sign-in recovery code step");

  // Forgot password, sent; then the e-mailed reset link.
  await page.goto("/forgot-password?role=super_admin");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByRole("status").or(page.getByRole("alert")).first()).toBeVisible();
  await scanBothWidths(page, "forgot password, sent");
  await page.goto(linkIn(await waitForEmail(page, email, /Reset your SchoolRide password/), "/reset-password?token="));
  await expect(page.getByLabel("New password", { exact: true })).toBeVisible();
  await scanBothWidths(page, "reset password with a valid link");
});

/** A flight trip of the demo school with one child enrolled and partly paid, written straight into the e2e database. */
async function tripWithEnrollment(title: string): Promise<string> {
  const db = await e2eDatabase();
  const now = Date.now();
  const tripId = crypto.randomUUID();
  await db.execute({
    sql: `insert into flight_trips (id, school_id, title, departure_airport, arrival_airport, departure_date, departure_time, return_date, return_time, airline,
            cost_per_student_cents, deposit_cents, description, status, enrollment_deadline, created_at, updated_at)
          values (?, ?, ?, 'ORD', 'DCA', ?, '08:30', ?, '17:45', 'United Airlines', 45000, 10000, 'Museums.', 'scheduled', ?, ?, ?)`,
    args: [tripId, DEMO_SCHOOL_ID, title, day(30), day(33), day(14), now, now],
  });
  const child = await db.execute({
    sql: "select id, parent_id from children where school_id = ? and name = 'Ava Rivera'",
    args: [DEMO_SCHOOL_ID],
  });
  const row = child.rows[0]!;
  await db.execute({
    sql: `insert into flight_trip_enrollments (id, school_id, flight_trip_id, child_id, parent_id, status, payment_status, amount_paid_cents,
            emergency_contact, emergency_phone, terms_accepted_at, created_at, updated_at)
          values (?, ?, ?, ?, ?, 'confirmed', 'partial', 10000, 'Pat Rivera', '555-0100', ?, ?, ?)`,
    args: [crypto.randomUUID(), DEMO_SCHOOL_ID, tripId, row.id as string, row.parent_id as string, now, now, now],
  });
  db.close();
  return tripId;
}

test("school admin: every dialog open, and the invitation's accept page", async ({ page, browser }) => {
  test.setTimeout(BUDGET);
  const trip = TRIP;
  await signIn(page, "school_admin");

  await page.goto("/school-admin/trips");
  await scanDialog(page, "tripForm", () => page.getByRole("button", { name: "New Trip" }).first().click());
  await scanDialog(
    page,
    "tripForm",
    () =>
      page
        .getByRole("button", { name: /^Edit .* bus / })
        .first()
        .click(),
    { name: "Edit Trip" },
  );
  await scanDialog(page, "deleteTrip", () =>
    page
      .getByRole("button", { name: /^Delete .* bus / })
      .first()
      .click(),
  );

  await page.goto("/school-admin/routes");
  await scanDialog(page, "routeForm", () => page.getByRole("button", { name: "New Route" }).first().click());
  await scanDialog(page, "routeForm", () => page.getByRole("button", { name: "Edit North Loop" }).first().click(), {
    name: "Edit Route",
  });
  await scanDialog(page, "busForm", () => page.getByRole("button", { name: "New Bus" }).click());
  await scanDialog(page, "deleteRoute", () => page.getByRole("button", { name: "Delete North Loop" }).first().click());
  await scanDialog(page, "deleteBus", () => page.getByRole("button", { name: "Delete bus 12" }).click());
  // The CSV imports with a preview that lists a row's problem (a preview writes nothing).
  const previewed = async (name: string, label: string, lines: string[]) => {
    const dialog = modal(page, name);
    await dialog.getByLabel(label).setInputFiles({
      name: "a11y.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(lines.join("\n")),
    });
    await expect(dialog.getByRole("region", { name: "Rows with problems" })).toBeVisible();
  };
  await scanDialog(page, "riderImport", async () => {
    await page.getByRole("button", { name: "Import riders (CSV)" }).click();
    await previewed("Import riders", "Riders file (CSV)", [
      "child,route,stop,weekdays,from,to",
      "Nobody Known,North Loop,Nowhere,Mon,,",
    ]);
  });
  await scanDialog(page, "inviteDriver", () => page.getByRole("button", { name: "Invite Driver" }).click());
  await scanDialog(page, "driverActive", () => page.getByRole("button", { name: "Deactivate Dana Brooks" }).click());
  await page.goto("/school-admin/routes/demo-route-12-pickup");
  await scanDialog(page, "optimiseOrder", () => page.getByRole("button", { name: "Optimise stop order" }).click());
  await scanDialog(page, "stopImport", async () => {
    await page.getByRole("button", { name: "Import stops (CSV)" }).click();
    await previewed("Import stops", "Stops file (CSV)", ["name,latitude,longitude,time", "Far away,51.5,-0.12,7.20"]);
  });
  // Assigning a rider: the search's results with a child chosen (nothing is sent), at both widths.
  const assign = page.getByRole("form", { name: "Assign a rider" });
  await assign.getByLabel("Find a child").fill("Ava");
  await assign.getByRole("radio", { name: /Ava Rivera/ }).check();
  await scanBothWidths(page, "route page, assigning a rider");
  // The routes' dialogs on a phone too.
  await page.setViewportSize(PHONE);
  await scanDialog(page, "optimiseOrder", () => page.getByRole("button", { name: "Optimise stop order" }).click());
  await page.goto("/school-admin/routes");
  await scanDialog(page, "routeForm", () => page.getByRole("button", { name: "New Route" }).first().click());
  await scanDialog(page, "busForm", () => page.getByRole("button", { name: "New Bus" }).click());
  await page.setViewportSize(DESKTOP);

  await page.goto("/school-admin/flight-trips");
  await expect(page.getByRole("heading", { level: 2, name: trip })).toBeVisible();
  await scanDialog(page, "flightTripForm", () => page.getByRole("button", { name: "Create Trip" }).first().click());
  await scanDialog(page, "flightTripForm", () => page.getByRole("button", { name: `Edit ${trip}` }).click(), {
    name: "Edit Flight Trip",
  });
  // A cost below what a family paid asks before it refunds; Escape closes the question, then the form.
  await scanDialog(page, "confirmCostRefunds", async () => {
    await page.getByRole("button", { name: `Edit ${trip}` }).click();
    const form = modal(page, "Edit Flight Trip");
    await form.getByLabel("Deposit ($, optional)").fill("20");
    await form.getByLabel("Cost per Student ($)").fill("50");
    await form.getByRole("button", { name: "Save Changes" }).click();
  });
  await page.keyboard.press("Escape");
  await expect(modal(page, "Edit Flight Trip")).toHaveCount(0);
  await scanDialog(page, "notifyParents", () =>
    page.getByRole("button", { name: `Notify parents of ${trip}` }).click(),
  );
  await scanDialog(page, "deleteFlightTrip", () => page.getByRole("button", { name: `Delete ${trip}` }).click());

  await page.goto("/school-admin/notifications");
  await scanDialog(page, "sendNotification", () =>
    page.getByRole("button", { name: "Send Notification" }).first().click(),
  );
  await scanDialog(page, "deleteNotification", () =>
    page
      .getByRole("button", { name: /^Delete "/ })
      .first()
      .click(),
  );

  await page.goto("/school-admin/invoices");
  await scanDialog(page, "createInvoice", () => page.getByRole("button", { name: "Create Invoice" }).first().click());
  await scanDialog(page, "paymentSettings", () =>
    page.getByRole("button", { name: "Payment Settings" }).first().click(),
  );
  // The corrections of a pending invoice, each from its row's Manage menu.
  await page.goto("/school-admin/invoices?tab=pending");
  const correct = (item: RegExp) => async () => {
    await page
      .getByRole("table", { name: "Invoices" })
      .getByRole("button", { name: /^Manage INV-/ })
      .first()
      .click();
    await page.getByRole("button", { name: item }).first().click();
  };
  await scanDialog(page, "editInvoice", correct(/^Edit INV-/));
  await scanDialog(page, "markInvoicePaid", correct(/^Mark INV-.* as paid$/));
  await scanDialog(page, "resendInvoice", correct(/^Resend INV-/));
  await scanDialog(page, "voidInvoice", correct(/^Void INV-/));

  await page.goto("/school-admin/parents");
  await scanDialog(page, "deactivateParent", () =>
    page.getByRole("button", { name: "Deactivate Jamie Rivera" }).first().click(),
  );
  await scanDialog(page, "pupilImport", () => page.getByRole("button", { name: "Import pupils" }).click());
  const parentEmail = `a11y.${unique()}@parents.example`;
  const invitation = await scanDialog(
    page,
    "parentInvitation",
    () => page.getByRole("button", { name: "Invite Parent" }).first().click(),
    { keepOpen: true },
  );
  await invitation.getByLabel("Name").fill("Ally Parent");
  await invitation.getByLabel("Email").fill(parentEmail);
  await invitation.getByRole("button", { name: "Send Invitation" }).click();
  // The toast covers the invitation row's Revoke on a slow machine: close it.
  await closeToast(page, `Invitation sent to ${parentEmail}`);
  await scanDialog(page, "revokeInvitation", () =>
    page
      .getByRole("button", { name: `Revoke invitation for ${parentEmail}` })
      .first()
      .click(),
  );

  await page.goto("/school-admin/connect-stripe");
  await scanDialog(page, "changePayoutAccount", () =>
    page.getByRole("button", { name: "Change payout account" }).click(),
  );
  await page.goto("/school-admin/account");
  await scanDialog(page, "deleteAccount", () => page.getByRole("button", { name: "Delete my account" }).click());

  // The invitation's accept page, with its real token, signed out.
  const link = linkIn(await waitForEmail(page, parentEmail, /invites you to SchoolRide/), "/accept-invite?token=");
  const context = await browser.newContext();
  const visitor = await context.newPage();
  await visitor.goto(link);
  await expect(visitor.getByLabel("Full name")).toBeVisible();
  await scanBothWidths(visitor, "accept-invite with a valid token");
  await context.close();
});

async function openMore(page: Page) {
  await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "More" }).click();
}

test("parent: every dialog open", async ({ page }) => {
  test.setTimeout(BUDGET);
  const trip = TRIP;
  await signIn(page, "parent");

  await page.goto("/parent/children");
  await scanDialog(page, "childForm", () => page.getByRole("button", { name: "Add Child" }).first().click());
  await scanDialog(page, "childForm", () => page.getByRole("button", { name: "Edit Ava Rivera" }).click(), {
    name: "Edit Child",
  });
  await scanDialog(page, "deleteChild", () => page.getByRole("button", { name: "Delete Ava Rivera" }).click());
  await scanDialog(page, "guardians", () => page.getByRole("button", { name: "Guardians of Ava Rivera" }).click());
  await scanDialog(page, "notRiding", () => page.getByRole("button", { name: "Not riding… Ava Rivera" }).click());
  await page.setViewportSize(PHONE);
  await scanDialog(page, "notRiding", () => page.getByRole("button", { name: "Not riding… Ava Rivera" }).click());
  await page.setViewportSize(DESKTOP);

  await page.goto("/parent/flight-trips");
  await expect(page.getByRole("heading", { level: 2, name: trip })).toBeVisible();
  await scanDialog(page, "enroll", () => page.getByRole("button", { name: `Enroll Now in ${trip}` }).click());
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 2, name: trip }) });
  await scanDialog(page, "enrollmentDetails", () =>
    card.getByRole("button", { name: "View Details for Ava Rivera" }).click(),
  );
  await scanDialog(page, "optOut", () => card.getByRole("button", { name: "Opt Out Ava Rivera" }).click());

  await page.goto("/parent/account");
  await scanDialog(page, "editProfile", () => page.getByRole("button", { name: "Edit Profile" }).click());
  await scanDialog(page, "deleteAccount", () => page.getByRole("button", { name: "Delete my account" }).click());
  await page.setViewportSize(PHONE);
  await scanDialog(page, "moreSheet", () => openMore(page));
});

test("the tests above opened every dialog of the list (run the whole file)", () => {
  expect(unscannedDialogs()).toEqual([]);
});
