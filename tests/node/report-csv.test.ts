import { i18n } from "@lingui/core";
import { beforeAll, describe, expect, it } from "vitest";
import {
  absencesByChild,
  invoiceCollection,
  lateBy,
  lateRuns,
  percent,
  tableCsv,
} from "../../web/src/pages/school-admin/reports/report-tables.ts";

/** The reports' CSV (issue 31): the project's formula-safe cells, numbers a spreadsheet can sum, times in the school's zone. */
describe("report tables as CSV", () => {
  // The tables' headings are Lingui descriptors (ADR 0078): read in English, the source language.
  beforeAll(() => i18n.loadAndActivate({ locale: "en", messages: {} }));

  it("neutralises a formula in a name and keeps plain numbers as numbers", () => {
    const csv = tableCsv(absencesByChild, [
      { childId: "c1", childName: '=HYPERLINK("http://evil")', absences: 3, lastAbsent: "2026-03-09" },
      { childId: "c2", childName: "Ada", absences: 1, lastAbsent: "2026-03-02" },
    ]);
    expect(csv).toBe(
      '"Child","Absences","Last absent"\r\n"\'=HYPERLINK(""http://evil"")","3","2026-03-09"\r\n"Ada","1","2026-03-02"\r\n',
    );
  });

  it("late runs: due and reached in the school's zone, minutes late as a number, a run that never reached its last stop", () => {
    const csv = tableCsv(lateRuns("America/Chicago"), [
      {
        runId: "r1",
        routeName: "South",
        date: "2026-03-06",
        busNumber: "9",
        dueAt: new Date("2026-03-07T05:55:00Z"),
        reachedAt: new Date("2026-03-07T06:07:00Z"),
        lateSeconds: 720,
      },
      {
        runId: "r2",
        routeName: "South",
        date: "2026-03-10",
        busNumber: "9",
        dueAt: new Date("2026-03-11T04:55:00Z"),
        reachedAt: null,
        lateSeconds: null,
      },
    ]);
    expect(csv.split("\r\n")).toEqual([
      '"Day","Route","Bus","Due at last stop","Reached","Late by"',
      '"2026-03-06","South","9","11:55 PM","12:07 AM","12"',
      '"2026-03-10","South","9","11:55 PM","—",""',
      "",
    ]);
    expect(lateBy(450)).toBe("7.5 min");
    expect(lateBy(null)).toBe("Last stop not reached");
    expect(percent(2, 3)).toBe("67%");
    expect(percent(0, 0)).toBe("—");
  });

  it("invoices: dollars in the CSV, the collected share", () => {
    const [header, line] = tableCsv(invoiceCollection("USD"), [
      {
        month: "2026-03",
        issued: 4,
        issuedCents: 35_000,
        paid: 1,
        paidCents: 20_000,
        pending: 1,
        pendingCents: 7_000,
        overdue: 1,
        overdueCents: 3_000,
        refunded: 1,
        refundedCents: 5_000,
      },
    ]).split("\r\n");
    expect(header).toBe(
      '"Month","Issued (USD)","Paid (USD)","Pending (USD)","Overdue (USD)","Refunded (USD)","Collected"',
    );
    expect(line).toBe('"2026-03","350.00","200.00","70.00","30.00","50.00","57.1"');
  });
});
