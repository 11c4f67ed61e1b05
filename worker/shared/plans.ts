// No zod here: the wizard's step 4 and the plan pages read these without the schemas
// (registration.ts re-exports them).

/** Plans by pupil count: Starter up to 200, Professional 201–600, Enterprise above 600. */
export const PLANS = {
  starter: {
    name: "Starter",
    priceCents: 19_900,
    maxBuses: 5,
    limits: "Up to 5 buses and 200 students",
    features: [
      "Route planning and trip scheduling",
      "Parent notifications",
      "Online invoices and payments",
      "E-mail support",
    ],
  },
  professional: {
    name: "Professional",
    priceCents: 39_900,
    maxBuses: 15,
    limits: "Up to 15 buses and 600 students",
    features: ["Everything in Starter", "Advanced reporting", "Field trips with online enrolment", "Priority support"],
  },
  enterprise: {
    name: "Enterprise",
    priceCents: 79_900,
    maxBuses: Number.POSITIVE_INFINITY,
    limits: "Unlimited buses and students",
    features: ["Everything in Professional", "Custom integrations", "API access", "Dedicated account manager"],
  },
} as const;
export type PlanId = keyof typeof PLANS;

export function planForPupils(pupilCount: number): PlanId {
  if (pupilCount <= 200) return "starter";
  if (pupilCount <= 600) return "professional";
  return "enterprise";
}

const PLAN_ORDER: readonly PlanId[] = ["starter", "professional", "enterprise"];

/**
 * The plan a registration subscribes to: the pupil count's plan, or the smallest larger
 * one whose bus limit fits the buses entered (Starter has up to 5 buses, Professional up to 15).
 */
export function planFor(input: { pupilCount: number; busCount: number }): PlanId {
  const byPupils = planForPupils(input.pupilCount);
  return (
    PLAN_ORDER.slice(PLAN_ORDER.indexOf(byPupils)).find((plan) => input.busCount <= PLANS[plan].maxBuses) ??
    "enterprise"
  );
}

/**
 * When the buses, not the pupils, decided the plan: how many buses, the pupils' plan and its bus
 * limit, and the plan used (step 4 says it in the reader's language); null otherwise.
 */
export function busLimit(input: { pupilCount: number; busCount: number }) {
  const byPupils = planForPupils(input.pupilCount);
  const plan = planFor(input);
  if (plan === byPupils) return null;
  return {
    buses: input.busCount,
    limitPlan: PLANS[byPupils].name,
    maxBuses: PLANS[byPupils].maxBuses,
    plan: PLANS[plan].name,
  };
}
