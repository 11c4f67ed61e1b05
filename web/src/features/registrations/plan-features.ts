import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { PlanId } from "#shared/plans.ts";

/** What each plan includes, in the reader's language (the registration's plan step; worker/shared/plans.ts keeps the English). */
export const PLAN_FEATURES: Record<PlanId, readonly MessageDescriptor[]> = {
  starter: [
    msg`Route planning and trip scheduling`,
    msg`Parent notifications`,
    msg`Online invoices and payments`,
    msg`E-mail support`,
  ],
  professional: [
    msg`Everything in Starter`,
    msg`Advanced reporting`,
    msg`Field trips with online enrolment`,
    msg`Priority support`,
  ],
  enterprise: [
    msg`Everything in Professional`,
    msg`Custom integrations`,
    msg`API access`,
    msg`Dedicated account manager`,
  ],
};
