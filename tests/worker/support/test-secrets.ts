/**
 * Dummy values for the production secrets of wrangler.toml, bound by vitest.config.ts so the
 * Worker starts in production mode. Shared by the config (Node) and the tests (workerd).
 */
export const TEST_SECRETS = {
  STRIPE_SECRET_KEY: "sk_test_worker_suite",
  STRIPE_WEBHOOK_SECRET: "whsec_worker_suite",
  STRIPE_CONNECT_WEBHOOK_SECRET: "whsec_worker_suite_connect",
  RESEND_API_KEY: "re_worker_suite",
  RESEND_WEBHOOK_SECRET: "whsec_resend_worker_suite",
  DEVICE_COOKIE_SECRET: "device-cookie-secret-of-the-worker-suite",
  VAPID_PUBLIC_KEY: "BHzaghuMgJEGtzpJ81xY7quoD92A-1iOrhm61QB-pLSQ7P-NxiA40x6aJf58bl6GHZ62AAQQPP3zBSi36bT9agQ",
  VAPID_PRIVATE_KEY: "Sj5l6jjGSzb6oFPplE920Rp376M-mY2bANS-cSZZHOU",
} as const;
