import Stripe from "stripe";

/** SubtleCrypto works in workerd and Node; Stripe's default Node provider does not exist in workerd. */
export const stripeCryptoProvider = Stripe.createSubtleCryptoProvider();
