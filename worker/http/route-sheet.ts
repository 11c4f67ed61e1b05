import { Hono } from "hono";
import { ROUTE_MESSAGES, routeSheetInput } from "#shared/routes.ts";
import { isCalendarDate } from "#shared/school-time.ts";
import type { AppDeps } from "../deps.ts";
import { requestText } from "../i18n/texts.ts";
import { pdfFontFilesFromAssets } from "../services/_shared/pdf-fonts.ts";
import { type RouteSheet, routeSheet } from "../services/routes/sheet.ts";
import { type AuthResolver, createContext } from "../trpc/context.ts";
import { createCallerFactory, router, schoolAdminProcedure } from "../trpc/init.ts";
import { type DocumentEnv, documentLocale, documentRefusal } from "./invoice-pdf.ts";

/**
 * Who may read a route's sheet is decided by the procedure ladder, as for the invoice PDF (ADR 0024,
 * 0052): only the school's admins. Not part of the app router: no tRPC URL of its own.
 */
const sheetRouter = router({
  schoolAdmin: router({
    routeSheet: schoolAdminProcedure.input(routeSheetInput).query(({ ctx, input }) => routeSheet(ctx.scope, input)),
  }),
});
const createSheetCaller = createCallerFactory(sheetRouter);

/**
 * `GET /api/routes/:routeId/sheet.pdf?date=YYYY-MM-DD`: the driver's sheet of one of the school's
 * routes on a day (the school's calendar), as a PDF attachment. Another school's route, an unknown
 * one, a parent and a super admin all get the one 404 (the parent has no such area; only the admin's
 * own gates say 403). Side-effect free but for the rate-limit window; pdf-lib is loaded on demand.
 */
export function routeSheetRoutes(deps: AppDeps, resolveAuth: AuthResolver) {
  const app = new Hono<DocumentEnv>();
  app.get("/:routeId/sheet.pdf", async (c) => {
    const resHeaders = new Headers();
    const ctx = await createContext(deps, c.req.raw, resHeaders, c.get("meta"), undefined, resolveAuth);
    for (const cookie of resHeaders.getSetCookie()) c.header("Set-Cookie", cookie, { append: true });
    const role = ctx.auth?.user.role;
    const date = c.req.query("date") ?? "";
    // A missing or impossible date is the admin's typing, said as such (after sign-in is known).
    if (ctx.auth && role === "school_admin" && !(date.length === 10 && isCalendarDate(date)))
      return c.json({ error: requestText(c.req.raw, ROUTE_MESSAGES.sheetDate) }, 400);
    let sheet: RouteSheet;
    try {
      sheet = await createSheetCaller(ctx).schoolAdmin.routeSheet({ routeId: c.req.param("routeId"), date });
    } catch (error) {
      return documentRefusal(c, error, role === "school_admin" ? role : undefined, resHeaders);
    }
    const { renderRouteSheetPdf } = await import("../services/routes/sheet-pdf.ts");
    const bytes = await renderRouteSheetPdf(sheet, deps.now(), {
      locale: documentLocale(ctx, c.req.raw),
      fonts: pdfFontFilesFromAssets(deps.assets),
    });
    return c.body(bytes, 200, {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="route-sheet-${sheet.date}.pdf"`,
      "Cache-Control": "private, no-store",
    });
  });
  return app;
}
