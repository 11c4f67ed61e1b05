import { csvDocument } from "#shared/csv.ts";
import { type Currency, formatMoney, minorUnits, toMajorUnits } from "#shared/money.ts";
import { formatTime } from "#shared/school-time.ts";
import type { Reports } from "../../../features/reports/hooks.ts";

/**
 * The reports' tables, each once: its columns as the page shows them and as its CSV writes them
 * (formula-safe cells, `csvDocument`). A column's `value` is the screen's text; `raw` (when given)
 * is the CSV's cell, a plain number a spreadsheet can sum.
 */
export type ReportColumn<Row> = {
  header: string;
  value: (row: Row) => string;
  raw?: (row: Row) => string | number | null;
  numeric?: boolean;
};
export type ReportTable<Row> = { name: string; caption: string; columns: readonly ReportColumn<Row>[] };

type Of<Key extends keyof Reports> = Reports[Key] extends readonly (infer Row)[] ? Row : never;

const n = (value: number) => value.toLocaleString("en-US");
/** A share as a whole percentage; a dash when there is nothing to divide. */
export const percent = (part: number, whole: number) => (whole === 0 ? "—" : `${Math.round((part / whole) * 100)}%`);
const rawPercent = (part: number, whole: number) => (whole === 0 ? null : Math.round((part / whole) * 1000) / 10);
/** Minutes late, one decimal dropped when whole: "7 min", "12.5 min"; "not reached" without a visit of the last stop. */
export const lateBy = (seconds: number | null) =>
  seconds === null ? "Last stop not reached" : `${Math.round((seconds / 60) * 10) / 10} min`;
/** An amount on screen, in the school's currency ("SEK 12.50", "¥1,500"). */
const money = (minor: number, currency: Currency) => formatMoney(minor, currency);
/** An amount in the CSV: a plain number with the currency's decimals ("12.50", "1500"); the header names the currency. */
const plain = (minor: number, currency: Currency) => toMajorUnits(minor, currency).toFixed(minorUnits(currency));

/** A route's label (its name and direction: a pickup and a drop-off route often share the name); the run's name when the route is gone. */
type RouteLabel = (routeId: string, fallback: string) => string;

export const onTimeByRoute = (routeLabel: RouteLabel): ReportTable<Of<"perRoute">> => ({
  name: "on-time-by-route",
  caption: "On-time performance per route",
  columns: [
    { header: "Route", value: (row) => routeLabel(row.routeId, row.routeName) },
    { header: "Completed runs", numeric: true, value: (row) => n(row.completed), raw: (row) => row.completed },
    { header: "On time", numeric: true, value: (row) => n(row.onTime), raw: (row) => row.onTime },
    {
      header: "On-time rate",
      numeric: true,
      value: (row) => percent(row.onTime, row.completed),
      raw: (row) => rawPercent(row.onTime, row.completed),
    },
    {
      header: "Late",
      numeric: true,
      value: (row) => n(row.completed - row.onTime),
      raw: (row) => row.completed - row.onTime,
    },
    { header: "Cancelled", numeric: true, value: (row) => n(row.cancelled), raw: (row) => row.cancelled },
  ],
});

export const onTimeByDay: ReportTable<Of<"perDay">> = {
  name: "on-time-by-day",
  caption: "On-time performance per day",
  columns: [
    { header: "Day", value: (row) => row.date },
    { header: "Completed runs", numeric: true, value: (row) => n(row.completed), raw: (row) => row.completed },
    { header: "On time", numeric: true, value: (row) => n(row.onTime), raw: (row) => row.onTime },
    {
      header: "On-time rate",
      numeric: true,
      value: (row) => percent(row.onTime, row.completed),
      raw: (row) => rawPercent(row.onTime, row.completed),
    },
    { header: "Cancelled", numeric: true, value: (row) => n(row.cancelled), raw: (row) => row.cancelled },
    { header: "Riders", numeric: true, value: (row) => n(row.riders), raw: (row) => row.riders },
    { header: "Absences", numeric: true, value: (row) => n(row.absent), raw: (row) => row.absent },
  ],
};

export const lateRuns = (zone: string): ReportTable<Of<"lateRuns">> => ({
  name: "late-runs",
  caption: "Late runs, the latest first",
  columns: [
    { header: "Day", value: (row) => row.date },
    { header: "Route", value: (row) => row.routeName },
    { header: "Bus", value: (row) => row.busNumber },
    { header: "Due at last stop", value: (row) => formatTime(new Date(row.dueAt), zone) },
    {
      header: "Reached",
      value: (row) => (row.reachedAt ? formatTime(new Date(row.reachedAt), zone) : "—"),
    },
    {
      header: "Late by",
      numeric: true,
      value: (row) => lateBy(row.lateSeconds),
      raw: (row) => (row.lateSeconds === null ? null : Math.round((row.lateSeconds / 60) * 10) / 10),
    },
  ],
});

export const ridershipByRoute = (routeLabel: RouteLabel): ReportTable<Of<"perRoute">> => ({
  name: "ridership-by-route",
  caption: "Ridership per route",
  columns: [
    { header: "Route", value: (row) => routeLabel(row.routeId, row.routeName) },
    { header: "Completed runs", numeric: true, value: (row) => n(row.completed), raw: (row) => row.completed },
    { header: "Riders", numeric: true, value: (row) => n(row.riders), raw: (row) => row.riders },
    {
      header: "Riders per run",
      numeric: true,
      value: (row) => (row.completed === 0 ? "—" : (row.riders / row.completed).toFixed(1)),
      raw: (row) => (row.completed === 0 ? null : Math.round((row.riders / row.completed) * 10) / 10),
    },
    { header: "Absences", numeric: true, value: (row) => n(row.absent), raw: (row) => row.absent },
  ],
});

export const byStop = (routeLabel: RouteLabel): ReportTable<Of<"perStop">> => ({
  name: "ridership-and-absences-by-stop",
  caption: "Ridership and absences per stop",
  columns: [
    { header: "Stop", value: (row) => row.stopName },
    { header: "Route", value: (row) => routeLabel(row.routeId, "—") },
    { header: "Runs", numeric: true, value: (row) => n(row.runs), raw: (row) => row.runs },
    { header: "Boarded", numeric: true, value: (row) => n(row.boarded), raw: (row) => row.boarded },
    { header: "Dropped off", numeric: true, value: (row) => n(row.dropped), raw: (row) => row.dropped },
    { header: "Absent", numeric: true, value: (row) => n(row.absent), raw: (row) => row.absent },
  ],
});

export const absencesByChild: ReportTable<Of<"perChild">> = {
  name: "absences-by-child",
  caption: "Absences per child",
  columns: [
    { header: "Child", value: (row) => row.childName },
    { header: "Absences", numeric: true, value: (row) => n(row.absences), raw: (row) => row.absences },
    { header: "Last absent", value: (row) => row.lastAbsent },
  ],
};

export const seatsByBus: ReportTable<Of<"perBus">> = {
  name: "seats-by-bus",
  caption: "Seats used per bus",
  columns: [
    { header: "Bus", value: (row) => row.busNumber },
    {
      header: "Seats",
      numeric: true,
      value: (row) => (row.seats === null ? "—" : n(row.seats)),
      raw: (row) => row.seats,
    },
    { header: "Completed runs", numeric: true, value: (row) => n(row.runs), raw: (row) => row.runs },
    {
      header: "Riders per run",
      numeric: true,
      value: (row) => (row.runs === 0 ? "—" : (row.riders / row.runs).toFixed(1)),
      raw: (row) => (row.runs === 0 ? null : Math.round((row.riders / row.runs) * 10) / 10),
    },
    { header: "Most on a run", numeric: true, value: (row) => n(row.most), raw: (row) => row.most },
    {
      header: "Seats used",
      numeric: true,
      value: (row) => (row.seats === null || row.runs === 0 ? "—" : percent(row.riders, row.runs * row.seats)),
      raw: (row) => (row.seats === null || row.runs === 0 ? null : rawPercent(row.riders, row.runs * row.seats)),
    },
  ],
};

export const fieldTrips = (currency: Currency): ReportTable<Of<"fieldTrips">> => ({
  name: "field-trips",
  caption: "Field-trip enrolment and revenue",
  columns: [
    { header: "Trip", value: (row) => row.title },
    { header: "Departs", value: (row) => row.date },
    {
      header: "Capacity",
      numeric: true,
      value: (row) => (row.capacity === null ? "—" : n(row.capacity)),
      raw: (row) => row.capacity,
    },
    { header: "Enrolled", numeric: true, value: (row) => n(row.enrolled), raw: (row) => row.enrolled },
    { header: "Confirmed", numeric: true, value: (row) => n(row.confirmed), raw: (row) => row.confirmed },
    {
      header: `Revenue (${currency})`,
      numeric: true,
      value: (row) => money(row.paidCents, currency),
      raw: (row) => plain(row.paidCents, currency),
    },
    {
      header: `Refunded (${currency})`,
      numeric: true,
      value: (row) => money(row.refundedCents, currency),
      raw: (row) => plain(row.refundedCents, currency),
    },
  ],
});

type InvoiceMonth = Of<"invoiceMonths">;

/** A month's invoices of one state: how many and how much on screen, the amount in the CSV (its header names the currency). */
function invoiceCount(
  header: string,
  state: "issued" | "paid" | "pending" | "overdue" | "refunded",
  currency: Currency,
): ReportColumn<InvoiceMonth> {
  const cents = (row: InvoiceMonth) => row[`${state}Cents`];
  return {
    header: `${header} (${currency})`,
    numeric: true,
    value: (row) => `${n(row[state])} · ${money(cents(row), currency)}`,
    raw: (row) => plain(cents(row), currency),
  };
}

export const invoiceCollection = (currency: Currency): ReportTable<InvoiceMonth> => ({
  name: "invoice-collection",
  caption: "Invoice collection per month of issue",
  columns: [
    { header: "Month", value: (row) => row.month },
    invoiceCount("Issued", "issued", currency),
    invoiceCount("Paid", "paid", currency),
    invoiceCount("Pending", "pending", currency),
    invoiceCount("Overdue", "overdue", currency),
    invoiceCount("Refunded", "refunded", currency),
    {
      header: "Collected",
      numeric: true,
      value: (row) => percent(row.paidCents, row.issuedCents),
      raw: (row) => rawPercent(row.paidCents, row.issuedCents),
    },
  ],
});

/** A table's CSV: its headers and one line per row, each cell its `raw` value (else its text). */
export function tableCsv<Row>(table: ReportTable<Row>, rows: readonly Row[]): string {
  return csvDocument(
    table.columns.map((column) => column.header),
    rows.map((row) => table.columns.map((column) => (column.raw ? column.raw(row) : column.value(row)))),
  );
}
