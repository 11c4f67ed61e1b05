import { msg } from "@lingui/core/macro";
import type { SchoolType } from "#shared/enums.ts";
import { translatedLabels } from "./translated-labels.ts";

/**
 * Words the screens show for the contract's values (the server never sends or checks them), each
 * read in the reader's language (`translatedLabels`).
 */

/** A subscription status in words ("trialing" reads Trial; "inactive", a school the platform turned off). */
export const SUBSCRIPTION_STATUS_LABELS: Record<string, string> = translatedLabels({
  pending: msg`Pending`,
  active: msg`Active`,
  trialing: msg`Trial`,
  past_due: msg`Past Due`,
  cancelled: msg`Cancelled`,
  inactive: msg`Inactive`,
});

/** The registration form's school types. */
export const SCHOOL_TYPE_LABELS: Record<SchoolType, string> = translatedLabels({
  primary: msg`Primary School`,
  secondary: msg`Secondary School`,
  special_education: msg`Special Education`,
  private: msg`Private School`,
  charter: msg`Charter School`,
  other: msg`Other`,
});
