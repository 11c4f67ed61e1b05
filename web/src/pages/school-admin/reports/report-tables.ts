import { i18n, type MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { csvDocument } from "#shared/csv.ts";
import { LOCALE_TAGS } from "#shared/locales.ts";
import { type Currency, formatMoney, minorUnits, toMajorUnits } from "#shared/money.ts";
import { formatTime } from "#shared/school-time.ts";
import type { Reports } from "../../../features/reports/hooks.ts";
import { activeLocale } from "../../../i18n/i18n.ts";

/**
 * The reports' tables, each once: its columns as the page shows them and as its CSV writes them
 * (formula-safe cells, `csvDocument`). A column's `value` is the screen's text; `raw` (when given)
 * is the CSV's cell, a plain number a spreadsheet can sum.
 */
export type ReportColumn<Row> = {
  /** Its heading, in the reader's language when shown or written (`columnHeader`). */
  header: MessageDescriptor;
  value: (row: Row) => string;
  raw?: (row: Row) => string | number | null;
  numeric?: boolean;
};
export type ReportTable<Row> = { name: string; caption: MessageDescriptor; columns: readonly ReportColumn<Row>[] };

/** A column's heading, or a table's caption, in the reader's language. */
export const translated = (text: MessageDescriptor) => i18n._(text);

type Of<Key extends keyof Reports> = Reports[Key] extends readonly (infer Row)[] ? Row : never;

const n = (value: number) => i18n.number(value);
/** A share as a whole percentage; a dash when there is nothing to divide. */
export const percent = (part: number, whole: number) =>
  whole === 0 ? "—" : i18n.number(Math.round((part / whole) * 100) / 100, { style: "percent" });
/** A decimal with one digit after the point ("2.5"), in the reader's way of writing numbers. */
const oneDecimal = (value: number) => i18n.number(value, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const rawPercent = (part: number, whole: number) => (whole === 0 ? null : Math.round((part / whole) * 1000) / 10);
/** Minutes late, one decimal dropped when whole: "7 min", "12.5 min"; "not reached" without a visit of the last stop. */
export const lateBy = (seconds: number | null) => {
  if (seconds === null) return i18n._(msg`Last stop not reached`);
  const minutes = i18n.number(Math.round((seconds / 60) * 10) / 10);
  return i18n._(msg`${minutes} min`);
};
/** An amount on screen, in the school's currency ("SEK 12.50", "¥1,500"), written the reader's way. */
const money = (minor: number, currency: Currency) => formatMoney(minor, currency, LOCALE_TAGS[activeLocale()]);
/** An amount in the CSV: a plain number with the currency's decimals ("12.50", "1500"); the header names the currency. */
const plain = (minor: number, currency: Currency) => toMajorUnits(minor, currency).toFixed(minorUnits(currency));

/** A route's label (its name and direction: a pickup and a drop-off route often share the name); the run's name when the route is gone. */
type RouteLabel = (routeId: string, fallback: string) => string;

export const onTimeByRoute = (routeLabel: RouteLabel): ReportTable<Of<"perRoute">> => ({
  name: "on-time-by-route",
  caption: msg`On-time performance per route`,
  columns: [
    { header: msg`Route`, value: (row) => routeLabel(row.routeId, row.routeName) },
    { header: msg`Completed runs`, numeric: true, value: (row) => n(row.completed), raw: (row) => row.completed },
    { header: msg`On time`, numeric: true, value: (row) => n(row.onTime), raw: (row) => row.onTime },
    {
      header: msg`On-time rate`,
      numeric: true,
      value: (row) => percent(row.onTime, row.completed),
      raw: (row) => rawPercent(row.onTime, row.completed),
    },
    {
      header: msg`Late`,
      numeric: true,
      value: (row) => n(row.completed - row.onTime),
      raw: (row) => row.completed - row.onTime,
    },
    { header: msg`Cancelled`, numeric: true, value: (row) => n(row.cancelled), raw: (row) => row.cancelled },
  ],
});

export const onTimeByDay: ReportTable<Of<"perDay">> = {
  name: "on-time-by-day",
  caption: msg`On-time performance per day`,
  columns: [
    { header: msg`Day`, value: (row) => row.date },
    { header: msg`Completed runs`, numeric: true, value: (row) => n(row.completed), raw: (row) => row.completed },
    { header: msg`On time`, numeric: true, value: (row) => n(row.onTime), raw: (row) => row.onTime },
    {
      header: msg`On-time rate`,
      numeric: true,
      value: (row) => percent(row.onTime, row.completed),
      raw: (row) => rawPercent(row.onTime, row.completed),
    },
    { header: msg`Cancelled`, numeric: true, value: (row) => n(row.cancelled), raw: (row) => row.cancelled },
    { header: msg`Riders`, numeric: true, value: (row) => n(row.riders), raw: (row) => row.riders },
    { header: msg`Absences`, numeric: true, value: (row) => n(row.absent), raw: (row) => row.absent },
  ],
};

export const lateRuns = (zone: string): ReportTable<Of<"lateRuns">> => ({
  name: "late-runs",
  caption: msg`Late runs, the latest first`,
  columns: [
    { header: msg`Day`, value: (row) => row.date },
    { header: msg`Route`, value: (row) => row.routeName },
    { header: msg`Bus`, value: (row) => row.busNumber },
    { header: msg`Due at last stop`, value: (row) => formatTime(new Date(row.dueAt), zone, activeLocale()) },
    {
      header: msg`Reached`,
      value: (row) => (row.reachedAt ? formatTime(new Date(row.reachedAt), zone, activeLocale()) : "—"),
    },
    {
      header: msg`Late by`,
      numeric: true,
      value: (row) => lateBy(row.lateSeconds),
      raw: (row) => (row.lateSeconds === null ? null : Math.round((row.lateSeconds / 60) * 10) / 10),
    },
  ],
});

export const ridershipByRoute = (routeLabel: RouteLabel): ReportTable<Of<"perRoute">> => ({
  name: "ridership-by-route",
  caption: msg`Ridership per route`,
  columns: [
    { header: msg`Route`, value: (row) => routeLabel(row.routeId, row.routeName) },
    { header: msg`Completed runs`, numeric: true, value: (row) => n(row.completed), raw: (row) => row.completed },
    { header: msg`Riders`, numeric: true, value: (row) => n(row.riders), raw: (row) => row.riders },
    {
      header: msg`Riders per run`,
      numeric: true,
      value: (row) => (row.completed === 0 ? "—" : oneDecimal(row.riders / row.completed)),
      raw: (row) => (row.completed === 0 ? null : Math.round((row.riders / row.completed) * 10) / 10),
    },
    { header: msg`Absences`, numeric: true, value: (row) => n(row.absent), raw: (row) => row.absent },
  ],
});

export const byStop = (routeLabel: RouteLabel): ReportTable<Of<"perStop">> => ({
  name: "ridership-and-absences-by-stop",
  caption: msg`Ridership and absences per stop`,
  columns: [
    { header: msg`Stop`, value: (row) => row.stopName },
    { header: msg`Route`, value: (row) => routeLabel(row.routeId, "—") },
    { header: msg`Runs`, numeric: true, value: (row) => n(row.runs), raw: (row) => row.runs },
    { header: msg`Boarded`, numeric: true, value: (row) => n(row.boarded), raw: (row) => row.boarded },
    { header: msg`Dropped off`, numeric: true, value: (row) => n(row.dropped), raw: (row) => row.dropped },
    { header: msg`Absent`, numeric: true, value: (row) => n(row.absent), raw: (row) => row.absent },
  ],
});

export const absencesByChild: ReportTable<Of<"perChild">> = {
  name: "absences-by-child",
  caption: msg`Absences per child`,
  columns: [
    { header: msg`Child`, value: (row) => row.childName },
    { header: msg`Absences`, numeric: true, value: (row) => n(row.absences), raw: (row) => row.absences },
    { header: msg`Last absent`, value: (row) => row.lastAbsent },
  ],
};

export const seatsByBus: ReportTable<Of<"perBus">> = {
  name: "seats-by-bus",
  caption: msg`Seats used per bus`,
  columns: [
    { header: msg`Bus`, value: (row) => row.busNumber },
    {
      header: msg`Seats`,
      numeric: true,
      value: (row) => (row.seats === null ? "—" : n(row.seats)),
      raw: (row) => row.seats,
    },
    { header: msg`Completed runs`, numeric: true, value: (row) => n(row.runs), raw: (row) => row.runs },
    {
      header: msg`Riders per run`,
      numeric: true,
      value: (row) => (row.runs === 0 ? "—" : oneDecimal(row.riders / row.runs)),
      raw: (row) => (row.runs === 0 ? null : Math.round((row.riders / row.runs) * 10) / 10),
    },
    { header: msg`Most on a run`, numeric: true, value: (row) => n(row.most), raw: (row) => row.most },
    {
      header: msg`Seats used`,
      numeric: true,
      value: (row) => (row.seats === null || row.runs === 0 ? "—" : percent(row.riders, row.runs * row.seats)),
      raw: (row) => (row.seats === null || row.runs === 0 ? null : rawPercent(row.riders, row.runs * row.seats)),
    },
  ],
};

export const fieldTrips = (currency: Currency): ReportTable<Of<"fieldTrips">> => ({
  name: "field-trips",
  caption: msg`Field-trip enrolment and revenue`,
  columns: [
    { header: msg`Trip`, value: (row) => row.title },
    { header: msg`Departs`, value: (row) => row.date },
    {
      header: msg`Capacity`,
      numeric: true,
      value: (row) => (row.capacity === null ? "—" : n(row.capacity)),
      raw: (row) => row.capacity,
    },
    { header: msg`Enrolled`, numeric: true, value: (row) => n(row.enrolled), raw: (row) => row.enrolled },
    { header: msg`Confirmed`, numeric: true, value: (row) => n(row.confirmed), raw: (row) => row.confirmed },
    {
      header: msg`Revenue (${currency})`,
      numeric: true,
      value: (row) => money(row.paidCents, currency),
      raw: (row) => plain(row.paidCents, currency),
    },
    {
      header: msg`Refunded (${currency})`,
      numeric: true,
      value: (row) => money(row.refundedCents, currency),
      raw: (row) => plain(row.refundedCents, currency),
    },
  ],
});

type InvoiceMonth = Of<"invoiceMonths">;

/** A month's invoices of one state: how many and how much on screen, the amount in the CSV (its header names the currency). */
function invoiceCount(
  header: MessageDescriptor,
  state: "issued" | "paid" | "pending" | "overdue" | "refunded",
  currency: Currency,
): ReportColumn<InvoiceMonth> {
  const cents = (row: InvoiceMonth) => row[`${state}Cents`];
  return {
    header,
    numeric: true,
    value: (row) => `${n(row[state])} · ${money(cents(row), currency)}`,
    raw: (row) => plain(cents(row), currency),
  };
}

export const invoiceCollection = (currency: Currency): ReportTable<InvoiceMonth> => ({
  name: "invoice-collection",
  caption: msg`Invoice collection per month of issue`,
  columns: [
    { header: msg`Month`, value: (row) => row.month },
    invoiceCount(msg`Issued (${currency})`, "issued", currency),
    invoiceCount(msg`Paid (${currency})`, "paid", currency),
    invoiceCount(msg`Pending (${currency})`, "pending", currency),
    invoiceCount(msg`Overdue (${currency})`, "overdue", currency),
    invoiceCount(msg`Refunded (${currency})`, "refunded", currency),
    {
      header: msg`Collected`,
      numeric: true,
      value: (row) => percent(row.paidCents, row.issuedCents),
      raw: (row) => rawPercent(row.paidCents, row.issuedCents),
    },
  ],
});

/** A table's CSV: its headers and one line per row, each cell its `raw` value (else its text). */
export function tableCsv<Row>(table: ReportTable<Row>, rows: readonly Row[]): string {
  return csvDocument(
    table.columns.map((column) => translated(column.header)),
    rows.map((row) => table.columns.map((column) => (column.raw ? column.raw(row) : column.value(row)))),
  );
}
