import { expect, type Page } from "@playwright/test";

export const DEMO_PASSWORD = "demo-password-1";

export const DEMO = {
  super_admin: { email: "superadmin@example.com", name: "Sam Super", login: "/login/superadmin", home: "/super-admin", title: "Super Admin Access" },
  school_admin: { email: "admin@maple.example.com", name: "Morgan Lee", login: "/login/school", home: "/school-admin", title: "School Admin Login" },
  parent: { email: "parent@maple.example.com", name: "Jamie Rivera", login: "/login/parent", home: "/parent", title: "Parent Login" },
} as const;

export async function fillLogin(page: Page, email: string, password: string) {
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

/** The page has no horizontal scroll (readable at its current width). */
export async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}
