import { TRPCError } from "@trpc/server";
import type { Context as HonoContext } from "hono";
import { Hono } from "hono";
import { invoiceIdInput } from "#shared/invoices.ts";
import { type Locale, requestLocale } from "#shared/locales.ts";
import { MESSAGES } from "#shared/messages.ts";
import type { AppDeps } from "../deps.ts";
import { requestText } from "../i18n/texts.ts";
import { pdfFontFilesFromAssets } from "../services/_shared/pdf-fonts.ts";
import type { RequestMeta } from "../services/audit.ts";
import { type InvoiceDocument, invoiceDocument, parentInvoiceDocument } from "../services/invoices/document.ts";
import { type AuthResolver, type Context, createContext } from "../trpc/context.ts";
import { createCallerFactory, parentProcedure, router, schoolAdminProcedure } from "../trpc/init.ts";

/**
 * Who may read an invoice's document is decided by the procedure ladder, exactly as for tRPC calls
 * (ADR 0024): the session from the cookie, the role, the password-change and subscription gates,
 * the tenant from the session, and the audit row of a denial. This router is only called from the
 * download route below; it is not part of the app router, so it has no tRPC URL of its own.
 */
const documentRouter = router({
  schoolAdmin: router({
    invoicePdf: schoolAdminProcedure.input(invoiceIdInput).query(({ ctx, input }) => invoiceDocument(ctx.scope, input)),
  }),
  parent: router({
    invoicePdf: parentProcedure
      .input(invoiceIdInput)
      .query(({ ctx, input }) => parentInvoiceDocument(ctx.scope, input)),
  }),
});
const createDocumentCaller = createCallerFactory(documentRouter);

/** One body for an unknown invoice, another school's or family's, and a role that has none (AZ2). */
export const INVOICE_PDF_NOT_FOUND = { error: "Not found" } as const;

/** A file name made only of safe characters, whatever the invoice number holds. */
export function invoicePdfFileName(invoiceNumber: string): string {
  return `${invoiceNumber.replace(/[^A-Za-z0-9._-]/g, "_")}.pdf`;
}

export type DocumentEnv = { Variables: { meta: RequestMeta } };

/**
 * The language a document is drawn in (issue 30): the signed-in reader's (their own choice, else
 * their school's default, as their pages), else the request's.
 */
export function documentLocale(ctx: Pick<Context, "auth">, request: Request): Locale {
  return ctx.auth?.user.locale ?? requestLocale(request.headers);
}

/**
 * A refused download (also the route sheet's): 401, 429 with Retry-After, a gate of the user's own
 * area as 403 (only for `role`), anything else the one 404.
 */
export function documentRefusal(
  c: HonoContext<DocumentEnv>,
  error: unknown,
  role: string | undefined,
  resHeaders: Headers,
): Response {
  if (!(error instanceof TRPCError) || error.code === "INTERNAL_SERVER_ERROR") throw error;
  if (error.code === "UNAUTHORIZED") return c.json({ error: requestText(c.req.raw, MESSAGES.notAuthenticated) }, 401);
  if (error.code === "TOO_MANY_REQUESTS") {
    const retryAfter = resHeaders.get("Retry-After");
    if (retryAfter) c.header("Retry-After", retryAfter);
    return c.json({ error: requestText(c.req.raw, error.message) }, 429);
  }
  // A gate of the user's own area (password change due, subscription not active): said as tRPC says it.
  if (error.code === "FORBIDDEN" && (role === "school_admin" || role === "parent"))
    return c.json({ error: requestText(c.req.raw, error.message) }, 403);
  return c.json(INVOICE_PDF_NOT_FOUND, 404);
}

/**
 * `GET /api/invoices/:id/pdf`: the invoice as a PDF attachment, for the school's admins and the
 * parent it is addressed to. Side-effect free (like a tRPC query, only a denial is audited).
 * pdf-lib is imported on the first download, so the rest of the Worker never evaluates it; the
 * fonts a document needs beyond the standard ones are read from the app's assets (ADR 0079).
 */
export function invoicePdfRoutes(deps: AppDeps, resolveAuth: AuthResolver) {
  const app = new Hono<DocumentEnv>();
  app.get("/:id/pdf", async (c) => {
    const resHeaders = new Headers();
    const ctx = await createContext(deps, c.req.raw, resHeaders, c.get("meta"), undefined, resolveAuth);
    // A cookie naming no live session is cleared, as on every tRPC answer.
    for (const cookie of resHeaders.getSetCookie()) c.header("Set-Cookie", cookie, { append: true });
    const role = ctx.auth?.user.role;
    const caller = createDocumentCaller(ctx);
    const input = { invoiceId: c.req.param("id") };
    let invoice: InvoiceDocument;
    try {
      invoice = await (role === "school_admin"
        ? caller.schoolAdmin.invoicePdf(input)
        : caller.parent.invoicePdf(input));
    } catch (error) {
      return documentRefusal(c, error, role, resHeaders);
    }
    const { renderInvoicePdf } = await import("../services/invoices/pdf.ts");
    const bytes = await renderInvoicePdf(invoice, deps.now(), {
      locale: documentLocale(ctx, c.req.raw),
      fonts: pdfFontFilesFromAssets(deps.assets),
    });
    return c.body(bytes, 200, {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${invoicePdfFileName(invoice.invoiceNumber)}"`,
      "Cache-Control": "private, no-store",
    });
  });
  return app;
}
