import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { area, createFlightTrip } from "./flight-trip-steps.ts";
import { createParentInvitation, DEMO, fillLogin, signIn } from "./support.ts";

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test("GD1 the demo parent downloads their data as JSON from My Account", async ({ page }) => {
  await signIn(page, "parent");
  await page.getByRole("link", { name: "My Account" }).click();
  await expect(page).toHaveURL("/parent/account");
  await expect(page.getByRole("heading", { level: 1, name: "My Account" })).toBeVisible();
  await expect(page.getByText(DEMO.parent.email)).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download my data" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^schoolride-my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const text = await readFile(await download.path(), "utf8");
  const data = JSON.parse(text) as {
    format: string;
    role: string;
    profile: { email: string; name: string };
    children: { name: string }[];
    invoices: unknown[];
  };
  expect(data).toMatchObject({
    format: "schoolride-personal-data/1",
    role: "parent",
    profile: { email: DEMO.parent.email, name: DEMO.parent.name },
  });
  expect(data.children).toHaveLength(2);
  expect(data.invoices.length).toBeGreaterThan(0);
  expect(text).not.toMatch(/passwordHash|secretHash|\$scrypt\$/);
});

test("GD1 an invited parent deletes their account after re-entering the password", async ({ page, browser }) => {
  test.slow(); // three scrypt hashes (accept, wrong and right password) on a shared machine
  const email = `erase.${unique()}@example.com`;
  const password = "erin's own passphrase";
  const link = await createParentInvitation(browser, "Erin Erasable", email);
  await page.goto(link);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByLabel(/Confirm password/).fill(password);
  await page.getByLabel(/Emergency contact/).fill("Jo Erasable");
  await page.getByLabel(/Emergency phone/).fill("(217) 555-0142");
  await page.getByRole("button", { name: /Create Account|Accept/i }).click();
  await expect(page).toHaveURL("/parent", { timeout: 10_000 });

  await page.getByRole("link", { name: "My Account" }).click();
  await page.getByRole("button", { name: "Delete my account" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete my account" });
  await expect(dialog.getByText(/Invoices and payment records are kept for 7 years/)).toBeVisible();
  await dialog.getByLabel("Current password").fill("not my password");
  await dialog.getByRole("button", { name: "Delete my account" }).click();
  await expect(dialog.getByText("Current password is incorrect")).toBeVisible();

  await dialog.getByLabel("Current password").fill(password);
  await dialog.getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByText("Your account and personal data have been deleted.")).toBeVisible();

  // Signed out, and the old credentials open nothing.
  await page.goto("/parent");
  await expect(page).toHaveURL(/\/login\/parent/);
  await fillLogin(page, email, password);
  await expect(page.getByRole("alert").first()).toBeVisible();
  await expect(page).toHaveURL(/\/login\/parent/);
});

test("issue 25: a parent edits phone, address and emergency contact by sign-up's rules, sees the last sign-in, and Enroll Now starts from them", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, "parent");
  await page.goto("/parent/account");
  const profile = page.locator("div.rounded-xl", { has: page.getByRole("heading", { level: 2, name: "Profile" }) });
  // Stored in E.164, shown in the school's national format; the last sign-in in the school's zone.
  await expect(profile).toContainText("(217) 555-0142");
  await expect(profile).toContainText("School time (America/Chicago)");
  await expect(profile.getByText(/^\w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M/)).toBeVisible();
  await page.screenshot({ path: "/tmp/shots-val/account-375.png", fullPage: true });

  await page.getByRole("button", { name: "Edit Profile" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Profile" });
  await expect(dialog.getByLabel("Phone (optional)")).toHaveValue("(217) 555-0142");
  await dialog.getByLabel("Phone (optional)").fill("abc");
  await dialog.getByLabel("Emergency contact").fill("");
  await dialog.getByRole("button", { name: "Save Profile" }).click();
  await expect(
    dialog.getByText("Enter a valid phone number with its area code, or + and the country code"),
  ).toBeVisible();
  await expect(dialog.getByText("Emergency contact is required for parents")).toBeVisible();
  await expect(dialog.getByLabel("Address (optional)")).toHaveAttribute("maxlength", "300");
  await page.screenshot({ path: "/tmp/shots-val/edit-profile-375.png" });
  await dialog.getByLabel("Phone (optional)").fill("217 555 0177");
  await dialog.getByLabel("Address (optional)").fill("7 Cedar Court, Springfield");
  await dialog.getByLabel("Emergency contact").fill("Morgan Rivera");
  await dialog.getByLabel("Emergency phone").fill("+1 312 555 0188");
  await dialog.getByRole("button", { name: "Save Profile" }).click();
  await expect(page.getByText("Your contact details were saved.")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(profile).toContainText("(217) 555-0177");
  await expect(profile).toContainText("7 Cedar Court, Springfield");
  await expect(profile).toContainText("Morgan Rivera");
  await expect(profile).toContainText("(312) 555-0188");

  // Enroll Now starts from the account's emergency contact and the child's allergies, still editable.
  const title = `Aquarium ${unique()}`;
  await page.setViewportSize({ width: 1280, height: 900 });
  const admin = await area(page.context().browser()!, "school_admin", { width: 1280, height: 900 });
  await createFlightTrip(admin, { title, cost: "0" });
  await admin.context().close();

  await page.goto("/parent/flight-trips");
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 2, name: title }) });
  await card.getByRole("button", { name: `Enroll Now in ${title}` }).click();
  const enrol = page.getByRole("dialog", { name: `Enroll in ${title}` });
  await expect(enrol.getByLabel("Emergency Contact", { exact: true })).toHaveValue("Morgan Rivera");
  await expect(enrol.getByLabel("Emergency Contact Phone")).toHaveValue("(312) 555-0188");
  await enrol.getByLabel("Select Child").selectOption({ label: "Ava Rivera" });
  await expect(enrol.getByLabel("Medical Information")).toHaveValue("Allergies: Peanuts");
  await page.screenshot({ path: "/tmp/shots-val/enrol-prefilled-1280.png" });
  // Leo has no notes; a note written for this trip stays when the child changes.
  await enrol.getByLabel("Select Child").selectOption({ label: "Leo Rivera" });
  await expect(enrol.getByLabel("Medical Information")).toHaveValue("");
  await enrol.getByLabel("Medical Information").fill("Travel sickness tablets");
  await enrol.getByLabel("Select Child").selectOption({ label: "Ava Rivera" });
  await expect(enrol.getByLabel("Medical Information")).toHaveValue("Travel sickness tablets");
  await enrol.getByLabel("Emergency Contact Phone").fill("abc");
  await enrol.getByLabel(/I agree to the trip's terms/).check();
  await enrol.getByRole("button", { name: "Enroll Now" }).click();
  await expect(
    enrol.getByText("Enter a valid phone number with its area code, or + and the country code"),
  ).toBeVisible();
  await page.goto("/parent/account");
  await page.screenshot({ path: "/tmp/shots-val/account-1280.png", fullPage: true });
});
