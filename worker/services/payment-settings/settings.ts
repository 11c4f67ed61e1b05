import { eq, exists, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "#db/client.ts";
import { paymentSettings, schools } from "#db/schema/index.ts";
import {
  bpsToPercent,
  DEFAULT_FEE_APPLICATION_TYPE,
  DEFAULT_FEE_BPS,
  type FeeApplicationType,
  percentToBps,
} from "#shared/fees.ts";
import type { updatePaymentSettingsInput } from "#shared/payment-settings.ts";
import { batchPrepared, preparedPerShape } from "../_shared/prepared.ts";
import type { SchoolScope } from "../_shared/scope.ts";
import { auditInsert } from "../audit.ts";
import { AppError } from "../errors.ts";
import { PAYMENT_REFUSALS } from "../refusal-texts.ts";
import { assertCurrencyChange, currencyChangeApplies, currencyState, currencyUpdate } from "./currency.ts";

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

/**
 * `schoolAdmin.paymentSettings.get`: the fee rule, the school's platform fee (read-only here), and
 * its currency with whether it may still change (ADR 0077).
 */
export async function getPaymentSettings(scope: SchoolScope) {
  const { db } = scope.deps;
  const statements = feeRuleStatements(db, "");
  const values = { schoolId: scope.schoolId };
  const [[settingsRows, schoolRows], currency] = await Promise.all([
    batchPrepared(db, [
      [statements.settings, values],
      [statements.school, values],
    ]),
    currencyState(db, scope.schoolId),
  ]);
  const rule = feeRuleOf(settingsRows);
  return {
    ...rule,
    feePercentage: bpsToPercent(rule.feeBps),
    saved: settingsRows.length > 0,
    platformFeeBps: schoolRows[0]?.platformFeeBps ?? 0,
    ...currency,
  };
}

/**
 * Payment Settings' Save (sudo, checked by the procedure): one row per school, audited old → new
 * (LG1). A changed currency is refused once the school has amounts in its currency (currency.ts);
 * the fee rule, the currency and their audit rows are one batch.
 */
export async function updatePaymentSettings(scope: SchoolScope, input: z.infer<typeof updatePaymentSettingsInput>) {
  const { db } = scope.deps;
  const [[before], currency] = await Promise.all([
    db
      .select({ feeBps: paymentSettings.feeBps, feeApplicationType: paymentSettings.feeApplicationType })
      .from(paymentSettings)
      .where(eq(paymentSettings.schoolId, scope.schoolId)),
    currencyState(db, scope.schoolId),
  ]);
  const nextCurrency = input.currency ?? currency.currency;
  assertCurrencyChange(currency, nextCurrency);
  const currencyChanges = nextCurrency !== currency.currency;
  const old = feeRuleOf(before ? [before] : []);
  const next: FeeRule = { feeBps: percentToBps(input.feePercentage), feeApplicationType: input.feeApplicationType };
  const values = { ...next, updatedBy: scope.actor.id, updatedAt: scope.now };
  const currencyWrites = currencyChanges
    ? ([
        // LG1: the audit row first, on the update's own condition, so it exists exactly when the change happens.
        auditInsert(
          db,
          {
            eventType: "school.currency_changed",
            description: `Currency changed from ${currency.currency} to ${nextCurrency}`,
            userId: scope.actor.id,
            userRole: scope.actor.role,
            schoolId: scope.schoolId,
            metadata: { old: currency.currency, new: nextCurrency },
            at: scope.now,
          },
          scope.meta,
          exists(
            db
              .select({ one: sql`1` })
              .from(schools)
              .where(currencyChangeApplies(db, scope.schoolId, nextCurrency)),
          ),
        ),
        currencyUpdate(db, scope.schoolId, nextCurrency, scope.now),
      ] as const)
    : null;
  const results = await db.batch([
    ...(currencyWrites ?? []),
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
  // An invoice or priced trip made between the read and the batch: the fee rule is saved, the currency is not.
  if (currencyWrites && (results[1] as { rowsAffected?: number }).rowsAffected !== 1)
    throw new AppError("CONFLICT", PAYMENT_REFUSALS.currencyLocked(currency.currency));
  return { ...next, feePercentage: bpsToPercent(next.feeBps), currency: nextCurrency };
}
