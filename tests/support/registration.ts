import { expect } from "vitest";
import type { TestApp } from "./harness.ts";
import { mutate } from "./http.ts";
import { lastEmailTo } from "./mail.ts";

/** A complete step 1 (Professional by its 350 pupils). */
export const FORM = {
  schoolName: "Birch Hill Academy",
  schoolType: "primary",
  schoolCountry: "United States",
  pupilCount: 350,
  busCount: 8,
  intendedStartDate: "2026-04-01",
  adminFullName: "Avery Stone",
  adminRole: "Principal",
  adminEmail: "Avery@BirchHill.example",
  adminPhone: "",
  schoolAddress: "1 Birch Road",
  schoolCity: "Portland",
  schoolState: "OR",
  schoolZipCode: "97201",
  timeZone: "America/Los_Angeles",
};

/** Register, verify and start checkout; returns the simulated Stripe session. */
export async function startCheckout(app: TestApp) {
  const response = await mutate(app.app, "registration.register", { ...FORM }, { ip: "203.0.113.41" });
  const { pendingSchoolId } = response.data as { pendingSchoolId: string };
  const code = /\b(\d{6})\b/.exec((await lastEmailTo(app.db, "avery@birchhill.example")).subject)![1]!;
  await mutate(app.app, "registration.verifyEmail", { pendingSchoolId, verificationCode: code });
  const checkout = await mutate(app.app, "registration.createCheckoutSession", {
    pendingSchoolId,
    termsAccepted: true,
    privacyAccepted: true,
  });
  const url = (checkout.data as { checkout_url: string }).checkout_url;
  return { pendingSchoolId, url, sessionId: url.split("/").pop()! };
}

/** Presses Pay on the simulated Checkout page. */
export async function pay(app: TestApp, sessionId: string) {
  const response = await app.app.request(`http://localhost:8787/dev/stripe/checkout/${sessionId}/pay`, {
    method: "POST",
  });
  expect(response.status).toBe(303);
  return response.headers.get("location");
}
