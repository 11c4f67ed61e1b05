/**
 * The services' refusals that carry values (issue 30): descriptors of the server's catalog, said in
 * the requester's language by the error formatter (`text(locale, descriptor)`), each value written
 * in that language too (`LocaleText`: a date, an amount, a weekday). Only the server says them, so
 * they are not in the shared catalog every page downloads (ADR 0081).
 */

import { type Currency, moneyIn } from "#shared/money.ts";
import type { WEEKDAY_NAMES } from "#shared/route-texts.ts";
import { type LocaleText, localeText } from "#shared/said.ts";
import { formatCalendarDay } from "#shared/school-time.ts";

export type Weekday = (typeof WEEKDAY_NAMES)[number];

/** A calendar day (`YYYY-MM-DD`) in full, the reader's way ("Friday, March 20, 2026"). */
const calendarDay = (date: string): LocaleText => localeText((locale) => formatCalendarDay(date, locale));

/** An amount in a currency's minor units, the reader's way ("$0.50", "0,50 US$"). */
export const money = moneyIn;

/** "on Mondays": a weekday, every week, as a refusal says it ("… riders on Mondays"). */
const onWeekdays = (day: Weekday): LocaleText =>
  localeText((_, i18n) =>
    i18n._({
      .../*i18n*/ {
        id: "weekday.every",
        message:
          "{day, select, Sunday {on Sundays} Monday {on Mondays} Tuesday {on Tuesdays} Wednesday {on Wednesdays} Thursday {on Thursdays} Friday {on Fridays} other {on Saturdays}}",
      },
      values: { day },
    }),
  );

export const FLIGHT_TRIP_REFUSALS = {
  /** `deadline`: the enrolment deadline (`YYYY-MM-DD`). */
  closed: (deadline: string) => ({
    .../*i18n*/ { id: "flightTrip.closed", message: "Enrolment for this trip closed on {deadline}." },
    values: { deadline: calendarDay(deadline) },
  }),
  capacityBelowEnrolled: (enrolled: number) => ({
    .../*i18n*/ {
      id: "flightTrip.capacityBelowEnrolled",
      message:
        "The capacity cannot be below the {enrolled, plural, one {# child} other {# children}} already enrolled.",
    },
    values: { enrolled },
  }),
  /**
   * A lowered cost refunds what was paid above it: said with the amounts (the first five families'
   * by child), saved only once confirmed.
   */
  confirmRefunds: (refunds: { childName: string; cents: number }[], currency: Currency) => ({
    .../*i18n*/ {
      id: "flightTrip.confirmRefunds",
      message:
        "The new cost is below what {families, plural, one {# family has} other {# families have}} paid: saving refunds {total} ({refunds}) to the cards it was paid with.",
    },
    values: {
      families: refunds.length,
      total: moneyIn(
        refunds.reduce((sum, refund) => sum + refund.cents, 0),
        currency,
      ),
      refunds: localeText((locale, i18n) => {
        const shown = refunds
          .slice(0, 5)
          .map((refund) => `${refund.childName} ${moneyIn(refund.cents, currency).inLocale(locale, i18n)}`)
          .join(", ");
        if (refunds.length <= 5) return shown;
        return i18n._({
          .../*i18n*/ { id: "flightTrip.confirmRefunds.more", message: "{shown}, and {more} more" },
          values: { shown, more: refunds.length - 5 },
        });
      }),
    },
  }),
  /** Deleting a child (or the account) follows the opt-out rule: not once the deadline of a trip it holds a seat on has passed. */
  heldAfterDeadline: (childName: string, tripTitle: string) => ({
    .../*i18n*/ {
      id: "flightTrip.heldAfterDeadline",
      message:
        "{child} is enrolled in {trip}, whose enrolment deadline has passed, so {child} can no longer be opted out or removed. Please contact the school.",
    },
    values: { child: childName, trip: tripTitle },
  }),
} as const;

export const PAYMENT_REFUSALS = {
  /** The school's currency (a code, as the settings show it) can no longer change. */
  currencyLocked: (currency: string) => ({
    .../*i18n*/ {
      id: "currency.locked",
      message: "The currency cannot change any more: the school has invoices or priced field trips in {currency}.",
    },
    values: { currency },
  }),
  currencyConnectMismatch: (accountCurrency: string) => ({
    .../*i18n*/ {
      id: "currency.connectMismatch",
      message: "Your Stripe account pays out in {currency}: the school's currency must match it.",
    },
    values: { currency: accountCurrency },
  }),
  schoolCannotTakePayments: (schoolName: string) => ({
    .../*i18n*/ {
      id: "payment.schoolCannotTakePayments",
      message: "{school} cannot take online payments right now. Please try again later or contact the school.",
    },
    values: { school: schoolName },
  }),
  /** `minimum`: Stripe's smallest charge in the school's currency (currency-settings.ts `MINIMUM_CHARGE`). */
  belowMinimum: (minimum: LocaleText | string) => ({
    .../*i18n*/ {
      id: "payment.belowMinimum",
      message: "Amounts under {minimum} cannot be paid online. Please contact the school.",
    },
    values: { minimum },
  }),
} as const;

export const ROUTE_REFUSALS = {
  busDuplicate: (number: string) => ({
    .../*i18n*/ { id: "bus.duplicate", message: "There is already a bus {number}" },
    values: { number },
  }),
  seatsBelowRiders: (number: string, seats: number, riders: number, day: Weekday) => ({
    .../*i18n*/ {
      id: "bus.seatsBelowRiders",
      message: "Bus {number} would have {seats} seats but {riders} riders {day}",
    },
    values: { number, seats, riders, day: onWeekdays(day) },
  }),
  stopHasRiders: (name: string, riders: number) => ({
    .../*i18n*/ {
      id: "route.stopHasRiders",
      message:
        "{riders, plural, one {# rider is} other {# riders are}} assigned to {name}: move them to another stop first",
    },
    values: { name, riders },
  }),
  busTooSmall: (number: string, seats: number, riders: number, day: Weekday) => ({
    .../*i18n*/ {
      id: "route.busTooSmall",
      message: "Bus {number} has {seats} seats and the route has {riders} riders {day}",
    },
    values: { number, seats, riders, day: onWeekdays(day) },
  }),
  riderNotRunning: (route: string) => ({
    .../*i18n*/ { id: "rider.notRunning", message: "{route} does not run on all of the chosen weekdays" },
    values: { route },
  }),
  /** "Bus 12 has 40 seats and 40 riders on Mondays." */
  riderFull: (bus: string, seats: number, riders: number, day: Weekday) => ({
    .../*i18n*/ { id: "rider.full", message: "Bus {bus} has {seats} seats and {riders} riders {day}" },
    values: { bus, seats, riders, day: onWeekdays(day) },
  }),
  pastCutoff: (minutes: number) => ({
    .../*i18n*/ {
      id: "ride.pastCutoff",
      message:
        "It is too late to change this ride in the app (changes close {minutes} minutes before the bus is due). Please call the school.",
    },
    values: { minutes },
  }),
} as const;
