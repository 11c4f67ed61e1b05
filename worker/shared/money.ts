/** Money is integer cents everywhere; this is how it reads on screen and in e-mails. */
const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

export function formatCents(cents: number): string {
  return usd.format(cents / 100);
}
