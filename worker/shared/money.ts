// Made on first use: making it costs tens of milliseconds on a slow phone, and the module loads with
// every role page.
let usd: Intl.NumberFormat | undefined;

/** Money is integer cents everywhere; this is how it reads on screen and in e-mails. */
export function formatCents(cents: number): string {
  usd ??= new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
  return usd.format(cents / 100);
}
