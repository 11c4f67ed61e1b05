import { expect, test } from "@playwright/test";
import { expectNoHorizontalScroll, signIn } from "./support.ts";

/**
 * ADR 0053 on a phone (375 × 812): the demo school admin imports pupils from a CSV on Parents. A
 * file with a bad row lists its problem and imports nothing; the corrected file's preview counts the
 * invitations to send, it imports, and the toast says how many invitation e-mails were queued.
 */
test.use({ viewport: { width: 375, height: 812 } });

const HEADER = "Pupil,Age,Grade,Guardian 1 name,Guardian 1 email,Guardian 2 name,Guardian 2 email";

test("a school admin previews a pupils file, sees its problems, then imports it", async ({ page }) => {
  test.setTimeout(60_000);
  const tag = Date.now().toString(36);
  await signIn(page, "school_admin");
  await page.goto("/school-admin/parents");
  await page.getByRole("button", { name: "Import pupils" }).click();
  const dialog = page.getByRole("dialog", { name: "Import pupils" });
  const choose = (rows: string[]) =>
    dialog.getByLabel("Pupils file (CSV)").setInputFiles({
      name: "pupils.csv",
      mimeType: "text/csv",
      buffer: Buffer.from([HEADER, ...rows].join("\n")),
    });
  await choose([`Mia ${tag},8,3rd Grade,Lee ${tag},lee.${tag}@example.com,,`, `Noah ${tag},42,3rd Grade,Lee,,,`]);
  await expect(dialog.getByText("pupils.csv: 2 rows: 1 ready, 1 with a problem.")).toBeVisible();
  // The table scrolls sideways inside itself on a phone; the row's problem is in view before any scrolling.
  await expect(
    dialog
      .getByRole("region", { name: "Rows with problems" })
      .getByRole("row", { name: new RegExp(`Noah ${tag}`) })
      .getByText("Age must be a whole number from 3 to 18"),
  ).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Import" })).toBeDisabled();
  await expectNoHorizontalScroll(page);

  await choose([`Mia ${tag},8,3rd Grade,Lee ${tag},lee.${tag}@example.com,,`]);
  await expect(
    dialog.getByText(
      "pupils.csv: 1 row: 1 ready, 0 with problems. Nothing is written until you import. 0 parents' accounts matched, 1 invitation e-mail to send.",
    ),
  ).toBeVisible();
  await dialog.getByRole("button", { name: "Import 1 pupil", exact: true }).click();
  await expect(
    page.getByText("1 pupil imported, 0 linked to parents' accounts, 1 invitation e-mail queued."),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
});
