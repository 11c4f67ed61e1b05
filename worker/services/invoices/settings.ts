import { eq, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { paymentSettings, schools } from "#db/schema/index.ts";
import {
  bpsToPercent,
  DEFAULT_FEE_APPLICATION_TYPE,
  DEFAULT_FEE_BPS,
  type FeeApplicationType,
  percentToBps,
} from "#shared/fees.ts";
import { batchPrepared, preparedPerShape } from "../_shared/prepared.ts";
import type { SchoolScope } from "../_shared/scope.ts";
import { auditInsert } from "../audit.ts";

/** The school's fee rule (the defaults, 5 % term-based, while it has saved none). */
export type FeeRule = { feeBps: number; feeApplicationType: FeeApplicationType };

/** The reads of a school's fee rule and platform fee, to put in a `db.batch`. */
export function feeRuleQueries(db: Db, schoolId: string | ReturnType<typeof sql.placeholder>) {
  return [
    db
      .select({ feeBps: paymentSettings.feeBps, feeApplicationType: paymentSettings.feeApplicationType })
      .from(paymentSettings)
      .where(eq(paymentSettings.schoolId, schoolId)),
    db
      .select({ name: schools.name, platformFeeBps: schools.platformFeeBps })
      .from(schools)
      .where(eq(schools.id, schoolId)),
  ] as const;
}

export function feeRuleOf(rows: FeeRule[]): FeeRule {
  return rows[0] ?? { feeBps: DEFAULT_FEE_BPS, feeApplicationType: DEFAULT_FEE_APPLICATION_TYPE };
}

/** The same two reads, prepared once per database with the school as a placeholder (ADR 0028). */
const feeRuleStatements = preparedPerShape((db) => {
  const [settings, school] = feeRuleQueries(db, sql.placeholder("schoolId"));
  return { settings: settings.prepare(), school: school.prepare() };
});

/** `schoolAdmin.paymentSettings.get`: the fee rule and the school's platform fee (read-only here). */
export async function getPaymentSettings(scope: SchoolScope) {
  const { db } = scope.deps;
  const statements = feeRuleStatements(db, "");
  const values = { schoolId: scope.schoolId };
  const [settingsRows, schoolRows] = await batchPrepared(db, [
    [statements.settings, values],
    [statements.school, values],
  ]);
  const rule = feeRuleOf(settingsRows);
  return {
    ...rule,
    feePercentage: bpsToPercent(rule.feeBps),
    saved: settingsRows.length > 0,
    platformFeeBps: schoolRows[0]?.platformFeeBps ?? 0,
  };
}

/** Payment Settings' Save (sudo, checked by the procedure): one row per school, audited old → new (LG1). */
export async function updatePaymentSettings(
  scope: SchoolScope,
  input: { feePercentage: number; feeApplicationType: FeeApplicationType },
) {
  const { db } = scope.deps;
  const [before] = await db
    .select({ feeBps: paymentSettings.feeBps, feeApplicationType: paymentSettings.feeApplicationType })
    .from(paymentSettings)
    .where(eq(paymentSettings.schoolId, scope.schoolId));
  const old = feeRuleOf(before ? [before] : []);
  const next: FeeRule = { feeBps: percentToBps(input.feePercentage), feeApplicationType: input.feeApplicationType };
  const values = { ...next, updatedBy: scope.actor.id, updatedAt: scope.now };
  await db.batch([
    db
      .insert(paymentSettings)
      .values({ schoolId: scope.schoolId, ...values })
      .onConflictDoUpdate({ target: paymentSettings.schoolId, set: values }),
    auditInsert(
      db,
      {
        eventType: "payment_settings.updated",
        description: `Payment settings changed from ${bpsToPercent(old.feeBps)}% ${old.feeApplicationType} to ${bpsToPercent(next.feeBps)}% ${next.feeApplicationType}`,
        userId: scope.actor.id,
        userRole: scope.actor.role,
        schoolId: scope.schoolId,
        metadata: { old, new: next },
        at: scope.now,
      },
      scope.meta,
    ),
  ]);
  return { ...next, feePercentage: bpsToPercent(next.feeBps) };
}
