import { t } from "@lingui/core/macro";
import { PAYMENT_MESSAGES } from "#shared/payment-texts.ts";
import { trpcClient } from "../../lib/data.tsx";
import { errorMessage } from "../../lib/errors.ts";
import { notify } from "../../lib/toast.ts";

/**
 * Pay an invoice: the server makes a Stripe Checkout Session and the browser goes there (true); when
 * it cannot, a toast says why (false). Loaded by the Pay button when first pointed at or pressed.
 */
export async function startInvoiceCheckout(invoiceId: string): Promise<boolean> {
  let url: string;
  try {
    ({ url } = await trpcClient.parent.payments.startInvoiceCheckout.mutate({ invoiceId }));
  } catch (error) {
    notify("error", t`Payment Unavailable`, errorMessage(error, PAYMENT_MESSAGES.checkoutFailed));
    return false;
  }
  window.location.assign(url);
  return true;
}
