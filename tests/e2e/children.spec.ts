import { expect, type Locator, test } from "@playwright/test";
import { CHILD_MESSAGES } from "#shared/children-texts.ts";
import { closeToast, expectNoHorizontalScroll, signIn, unique } from "./support.ts";

test.use({ viewport: { width: 375, height: 812 } });

/** Thumb-sized: at least 44 × 44 CSS pixels. */
async function expectThumbSized(target: Locator) {
  const box = await target.boundingBox();
  expect(box?.height).toBeGreaterThanOrEqual(44);
  expect(box?.width).toBeGreaterThanOrEqual(44);
}

/**
 * Issue 14, My Children on a phone: the demo parent adds a child on one of the school's routes,
 * edits it and deletes it after the spec's confirmation, with the spec's toasts.
 */
test("on a phone, the demo parent adds a child (transport is the school's assignment), edits and deletes it", async ({
  page,
}) => {
  const name = `Mia Rivera ${unique()}`;
  await signIn(page, "parent");
  await page.getByRole("link", { name: "My Children" }).click();
  await expect(page).toHaveURL("/parent/children");
  await expect(page.getByRole("heading", { name: "My Children", level: 1 })).toBeVisible();
  // The seeded children, ordered by name, with their Important Notes and the Safety Reminders.
  const cards = page.getByRole("list", { name: "Your children" }).getByRole("listitem");
  await expect(cards.getByRole("heading", { level: 2 })).toHaveText(["Ava Rivera", "Leo Rivera"]);
  await expect(page.getByRole("heading", { name: "Safety Reminders" })).toBeVisible();
  await expect(page.getByText("Be at the bus stop at least 5 minutes before the pickup time.")).toBeVisible();
  await expectNoHorizontalScroll(page);

  // Add Child: every rule is checked in the form.
  const addButton = page.getByRole("button", { name: "Add Child" });
  await expectThumbSized(addButton);
  await addButton.click();
  const dialog = page.getByRole("dialog", { name: "Add Child" });
  for (const section of ["Basic Information", "Transportation Details", "Health & Safety Information"])
    await expect(dialog.getByRole("group", { name: section })).toBeVisible();
  await expect(dialog.getByLabel("School")).toHaveValue("Maple Grove Primary");
  await dialog.getByLabel("School").fill("");
  await dialog.getByLabel("Age").fill("2");
  await dialog.getByRole("button", { name: "Add Child" }).click();
  for (const message of [
    "Full name is required",
    "Age must be a whole number from 3 to 18",
    "Choose a grade",
    "School is required",
    "Emergency contact is required",
  ])
    await expect(dialog.getByText(message)).toBeVisible();
  await expectNoHorizontalScroll(page);

  await dialog.getByLabel("Full Name").fill(name);
  await dialog.getByLabel("Age").fill("9");
  await dialog.getByLabel("Grade").selectOption("4th Grade");
  await dialog.getByLabel("School").fill("Maple Grove Primary");
  // Transportation is the school's assignment: nothing to type, a note that says so.
  const transport = dialog.getByRole("group", { name: "Transportation Details" });
  await expect(transport).toContainText(CHILD_MESSAGES.transportBySchool);
  await expect(transport.getByRole("textbox")).toHaveCount(0);
  await dialog.getByLabel("Allergies").fill("Peanuts");
  await dialog.getByLabel("Emergency Contact").fill("Jamie Rivera, 555 0100");
  await dialog.getByRole("button", { name: "Add Child" }).click();
  await expect(page.getByText("Child Added", { exact: true })).toBeVisible();
  await expect(page.getByText("Child added successfully!")).toBeVisible();
  await expect(dialog).toBeHidden();
  // The toast settles above the bottom navigation bar, not over it.
  const bar = (await page.getByRole("navigation", { name: "Main" }).boundingBox())!;
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Child Added" });
  await expect
    .poll(async () => ((box) => (box ? box.y + box.height : Number.POSITIVE_INFINITY))(await toast.boundingBox()))
    .toBeLessThanOrEqual(bar.y);

  const card = cards.filter({ has: page.getByRole("heading", { name }) });
  // Not assigned yet: the school's stop and bus show once it assigns them.
  await expect(card.getByText(CHILD_MESSAGES.noTransport)).toBeVisible();
  await expect(card.getByText("9 years · 4th Grade")).toBeVisible();
  await expect(card.getByRole("region", { name: `Important notes for ${name}` })).toContainText("Peanuts");
  await expect(cards.getByRole("heading", { level: 2 })).toHaveText(["Ava Rivera", "Leo Rivera", name]);
  await expectNoHorizontalScroll(page);

  // Edit: the age changes, the allergies are cleared (no Important Notes left).
  const edit = card.getByRole("button", { name: `Edit ${name}` });
  await expectThumbSized(edit);
  await edit.click();
  const editor = page.getByRole("dialog", { name: "Edit Child" });
  await expect(editor.getByLabel("Bus Route")).toHaveCount(0);
  await editor.getByLabel("Age").fill("10");
  await editor.getByLabel("Allergies").fill("");
  await editor.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Child Updated", { exact: true })).toBeVisible();
  await expect(page.getByText("Child information updated successfully!")).toBeVisible();
  // On a phone the toast spans the bottom, over the card's Delete on a slow machine: close it.
  await closeToast(page, "Child information updated successfully!");
  await expect(card.getByText("10 years · 4th Grade")).toBeVisible();
  await expect(card.getByRole("region", { name: `Important notes for ${name}` })).toHaveCount(0);

  // Delete: the spec's confirmation; Cancel keeps the child.
  const remove = card.getByRole("button", { name: `Delete ${name}` });
  await expectThumbSized(remove);
  await remove.click();
  const confirm = page.getByRole("alertdialog", { name: "Delete Child" });
  await expect(confirm).toContainText("Are you sure you want to delete this child? This action cannot be undone.");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(card).toBeVisible();
  await remove.click();
  await expectThumbSized(confirm.getByRole("button", { name: "Delete" }));
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Child Removed", { exact: true })).toBeVisible();
  await expect(page.getByText("Child information deleted successfully.")).toBeVisible();
  await expect(card).toHaveCount(0);
  await expect(cards.getByRole("heading", { level: 2 })).toHaveText(["Ava Rivera", "Leo Rivera"]);
});
