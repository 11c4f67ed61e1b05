import { msg } from "@lingui/core/macro";
import type { PlanId } from "#shared/plans.ts";
import { translatedLabels } from "../../lib/translated-labels.ts";

/** Each plan's limits in the reader's language (Subscribe, the registration's plan); its name is a product name, the same in every language. */
export const PLAN_LIMITS: Record<PlanId, string> = translatedLabels({
  starter: msg`Up to 5 buses and 200 students`,
  professional: msg`Up to 15 buses and 600 students`,
  enterprise: msg`Unlimited buses and students`,
});
