import { expect, test } from "@playwright/test";
import { MESSAGES } from "#shared/messages.ts";
import { DEMO, DEMO_PASSWORD, fillLogin } from "./support.ts";

/**
 * ADR 0017: when every password slot is taken the server answers a sign-in with 503, Retry-After
 * and the busy message (proven against the server in tests/node/password-busy.test.ts). Here the
 * login form shows that message: the answer is the server's own 503, replayed for the form's call.
 */
test("a busy server's 503 shows its message on the login form, and the user stays on the page", async ({ page }) => {
  const account = DEMO.parent;
  await page.route("**/api/trpc/auth.login**", (route) =>
    route.fulfill({
      status: 503,
      headers: { "content-type": "application/json", "retry-after": "1" },
      body: JSON.stringify([
        {
          error: {
            json: {
              message: MESSAGES.serverBusy,
              code: -32603,
              data: {
                code: "SERVICE_UNAVAILABLE",
                httpStatus: 503,
                path: "auth.login",
                fieldErrors: null,
                retryAfterSeconds: 1,
                reason: null,
              },
            },
          },
        },
      ]),
    }),
  );
  await page.goto(account.login);
  await fillLogin(page, account.email, DEMO_PASSWORD);
  await expect(page.getByRole("alert")).toHaveText(MESSAGES.serverBusy);
  await expect(page).toHaveURL(account.login);
});
