import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  dayRange,
  formatCalendarDay,
  formatDay,
  formatTime,
  isCalendarDate,
  isTimeZone,
  localDate,
  localTime,
  relativeTime,
  shiftDate,
  todayIn,
  weekday,
  weekRange,
  zonedInstant,
} from "#shared/school-time.ts";
import { i18nFor, text } from "#worker/i18n/texts.ts";
import { FLIGHT_TRIP_REFUSALS } from "#worker/services/refusal-texts.ts";

const en = i18nFor("en");

const HOUR = 3_600_000;
const originalTz = process.env.TZ;
afterEach(() => {
  process.env.TZ = originalTz;
});

describe("school time: days and weeks in the school's zone", () => {
  it("a week runs Sunday to Saturday, across a month end and a year end", () => {
    expect(weekRange("2026-04-01", "Europe/London")).toMatchObject({ from: "2026-03-29", to: "2026-04-04" });
    expect(weekRange("2026-12-31", "America/Chicago")).toMatchObject({ from: "2026-12-27", to: "2027-01-02" });
    expect(weekRange("2027-01-02", "America/Chicago")).toMatchObject({ from: "2026-12-27", to: "2027-01-02" });
    expect(weekRange("2027-01-03", "America/Chicago")).toMatchObject({ from: "2027-01-03", to: "2027-01-09" });
    expect(weekday("2026-03-08")).toBe(0);
  });

  it("the DST week in New York is 167 hours long and its days start at local midnight", () => {
    const week = weekRange("2026-03-10", "America/New_York");
    expect(week.from).toBe("2026-03-08");
    expect(week.start.toISOString()).toBe("2026-03-08T05:00:00.000Z");
    expect(week.end.toISOString()).toBe("2026-03-15T04:00:00.000Z");
    expect((week.end.getTime() - week.start.getTime()) / HOUR).toBe(167);
    const sunday = dayRange("2026-03-08", "America/New_York");
    expect((sunday.end.getTime() - sunday.start.getTime()) / HOUR).toBe(23);
    // 07:30 before and after the change are both 07:30 on the wall clock.
    expect(zonedInstant("2026-03-06", "07:30", "America/New_York").toISOString()).toBe("2026-03-06T12:30:00.000Z");
    expect(zonedInstant("2026-03-09", "07:30", "America/New_York").toISOString()).toBe("2026-03-09T11:30:00.000Z");
    expect(localTime(new Date("2026-03-09T11:30:00.000Z"), "America/New_York")).toBe("07:30");
    // 02:30 does not exist on 8 March (moves forward to 03:30); 01:30 on 1 November happens twice (the first).
    expect(zonedInstant("2026-03-08", "02:30", "America/New_York").toISOString()).toBe("2026-03-08T07:30:00.000Z");
    expect(zonedInstant("2026-11-01", "01:30", "America/New_York").toISOString()).toBe("2026-11-01T05:30:00.000Z");
  });

  it("a school east of UTC+12 (Kiritimati, UTC+14) is already on the next day", () => {
    const now = new Date("2026-03-02T10:30:00.000Z");
    expect(todayIn("Pacific/Kiritimati", now)).toBe("2026-03-03");
    expect(todayIn("America/Los_Angeles", now)).toBe("2026-03-02");
    const day = dayRange("2026-03-03", "Pacific/Kiritimati");
    expect(day.start.toISOString()).toBe("2026-03-02T10:00:00.000Z");
    // Tuesday 3 March there belongs to the week of Sunday 1 March.
    expect(weekRange("2026-03-03", "Pacific/Kiritimati").start.toISOString()).toBe("2026-02-28T10:00:00.000Z");
    expect(relativeTime(new Date("2026-03-02T09:59:00.000Z"), "Pacific/Kiritimati", now, en)).toBe(
      "Yesterday at 11:59 PM",
    );
    expect(relativeTime(new Date("2026-03-02T10:00:00.000Z"), "Pacific/Kiritimati", now, en)).toBe("Today at 12:00 AM");
  });

  it("gives the same answers whatever zone the process runs in", () => {
    const answers = () => [
      weekRange("2026-03-10", "America/New_York").start.toISOString(),
      todayIn("Asia/Tokyo", new Date("2026-03-02T16:00:00.000Z")),
      zonedInstant("2026-11-01", "01:30", "America/New_York").toISOString(),
      relativeTime(new Date("2026-02-20T12:00:00.000Z"), "Europe/Paris", new Date("2026-03-02T09:00:00.000Z"), en),
    ];
    process.env.TZ = "UTC";
    const utc = answers();
    for (const zone of ["Pacific/Honolulu", "Asia/Tokyo", "Pacific/Kiritimati"]) {
      process.env.TZ = zone;
      expect(answers(), zone).toEqual(utc);
    }
    expect(utc[1]).toBe("2026-03-03");
    expect(utc[3]).toBe("Feb 20, 2026 at 1:00 PM");
  });

  it("calendar arithmetic and zone names", () => {
    expect(shiftDate("2026-02-28", 1)).toBe("2026-03-01");
    expect(shiftDate("2028-02-28", 1)).toBe("2028-02-29");
    expect(shiftDate("2027-01-01", -1)).toBe("2026-12-31");
    expect(localDate(new Date("2026-12-31T23:30:00.000Z"), "Europe/Berlin")).toBe("2027-01-01");
    expect(isCalendarDate("2028-02-29")).toBe(true);
    expect(isCalendarDate("2026-02-29")).toBe(false);
    expect(isCalendarDate("2026-04-31")).toBe(false);
    expect(isCalendarDate("0099-01-01")).toBe(false);
    expect(isCalendarDate("2026-1-1")).toBe(false);
    expect(isTimeZone("Europe/London")).toBe(true);
    expect(isTimeZone("UTC")).toBe(true);
    expect(isTimeZone("Mars/Olympus_Mons")).toBe(false);
    expect(isTimeZone("'; drop table schools; --")).toBe(false);
    expect(isTimeZone("")).toBe(false);
  });
});

const intlFormats = new Map<string, [Intl.DateTimeFormat, Intl.DateTimeFormat]>();

/** What Intl itself says of an instant in a zone: the day, the 24-hour time and the 12-hour text. */
function intlReading(instant: Date, zone: string): string {
  let formats = intlFormats.get(zone);
  if (!formats) {
    formats = [
      new Intl.DateTimeFormat("en-US", {
        timeZone: zone,
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        minute: "2-digit",
        hourCycle: "h23",
      }),
      new Intl.DateTimeFormat("en-US", { timeZone: zone, hour: "numeric", minute: "2-digit" }),
    ];
    intlFormats.set(zone, formats);
  }
  const parts = Object.fromEntries(formats[0].formatToParts(instant).map((part) => [part.type, part.value]));
  const text = formats[1].format(instant).replace(/[\u202f\u00a0]/g, " ");
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute} ${text}`;
}

const reading = (instant: Date, zone: string) =>
  `${localDate(instant, zone)} ${localTime(instant, zone)} ${formatTime(instant, zone, "en")}`;

/** Zones with DST, half- and quarter-hour offsets, a 30-minute DST (Lord Howe), a skipped day (Apia, 2011), offsets in seconds before 1972 (Monrovia). */
const AWKWARD_ZONES = [
  "UTC",
  "America/New_York",
  "Europe/London",
  "Asia/Kathmandu",
  "Australia/Lord_Howe",
  "Pacific/Chatham",
  "America/St_Johns",
  "Africa/Monrovia",
  "Pacific/Apia",
  "Pacific/Kiritimati",
  "Antarctica/Troll",
  "Asia/Tehran",
];

describe("school time: wall clocks by the zone's offset of the day (ADR 0028)", () => {
  it("reads the same day, time and text as Intl for any instant and zone", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...AWKWARD_ZONES),
        fc.integer({ min: Date.UTC(1960, 0, 1), max: Date.UTC(2210, 0, 1) }),
        (zone, ms) => {
          expect(reading(new Date(ms), zone)).toBe(intlReading(new Date(ms), zone));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("reads the same as Intl minute by minute across DST changes, a 30-minute DST and a skipped day", () => {
    const days: Array<[string, string]> = [
      ["America/New_York", "2026-03-08T00:00:00Z"],
      ["America/New_York", "2026-11-01T00:00:00Z"],
      ["Australia/Lord_Howe", "2026-04-04T12:00:00Z"],
      ["Europe/London", "2026-10-25T00:00:00Z"],
      ["Pacific/Apia", "2011-12-29T12:00:00Z"],
      ["Africa/Monrovia", "1972-01-06T12:00:00Z"],
    ];
    for (const [zone, from] of days) {
      for (let minute = 0; minute < 36 * 60; minute += 7) {
        const instant = new Date(Date.parse(from) + minute * 60_000 + (minute % 3) * 17_000);
        expect(reading(instant, zone), `${zone} ${instant.toISOString()}`).toBe(intlReading(instant, zone));
      }
    }
  });

  it("asks Intl a few times per zone and day, not once per instant", () => {
    const parts = vi.spyOn(Intl.DateTimeFormat.prototype, "formatToParts");
    try {
      const start = Date.parse("2031-05-12T00:00:00Z");
      const rows = Array.from({ length: 200 }, (_, i) => new Date(start + i * 7 * 60_000));
      const days = rows.map((instant) => localDate(instant, "Asia/Kathmandu"));
      const times = rows.map((instant) => localTime(instant, "Asia/Kathmandu"));
      expect([days[0], times[0], days.at(-1), times.at(-1)]).toEqual(["2031-05-12", "05:45", "2031-05-13", "04:58"]);
      expect(parts.mock.calls.length).toBeLessThanOrEqual(3);
    } finally {
      parts.mockRestore();
    }
  });
});

describe("times and days in the reader's language (issue 30), on the school's clock", () => {
  const morning = new Date("2026-03-02T13:42:00.000Z"); // 7:42 in Chicago, 14:42 in Stockholm
  const intl = (tag: string, zone: string, options: Intl.DateTimeFormatOptions, at = morning) =>
    new Intl.DateTimeFormat(tag, { timeZone: zone, ...options }).format(at).replace(/[\u202f\u00a0]/g, " ");

  it("English keeps the spec's text", () => {
    expect(formatTime(morning, "America/Chicago", "en")).toBe("7:42 AM");
    expect(formatTime(new Date("2026-03-02T06:05:00.000Z"), "America/Chicago", "en")).toBe("12:05 AM");
    expect(formatDay(morning, "America/Chicago", "en")).toBe("Mon, Mar 2");
    expect(formatCalendarDay("2026-03-08")).toBe("Sunday, March 8, 2026");
    expect(formatCalendarDay("2026-03-08", "en")).toBe("Sunday, March 8, 2026");
    const now = new Date("2026-03-02T20:00:00.000Z");
    expect(relativeTime(morning, "America/Chicago", now, en)).toBe("Today at 7:42 AM");
    expect(relativeTime(new Date("2026-03-01T13:42:00.000Z"), "America/Chicago", now, en)).toBe("Yesterday at 7:42 AM");
    expect(relativeTime(new Date("2026-02-20T13:42:00.000Z"), "America/Chicago", now, en)).toBe(
      "Feb 20, 2026 at 7:42 AM",
    );
  });

  it.each([
    ["es", "es"],
    ["ar", "ar"],
    ["zh", "zh-CN"],
    ["vi", "vi"],
    ["sv", "sv"],
  ] as const)("%s: Intl's own text for its tag, in the school's zone", (locale, tag) => {
    for (const zone of ["America/Chicago", "Europe/Stockholm", "Pacific/Kiritimati"]) {
      expect(formatTime(morning, zone, locale)).toBe(intl(tag, zone, { hour: "numeric", minute: "2-digit" }));
      expect(formatDay(morning, zone, locale)).toBe(
        intl(tag, zone, { weekday: "short", month: "short", day: "numeric" }),
      );
    }
    expect(formatCalendarDay("2026-03-08", locale)).toBe(
      intl(
        tag,
        "UTC",
        { weekday: "long", month: "long", day: "numeric", year: "numeric" },
        new Date("2026-03-08T12:00:00Z"),
      ),
    );
    // The zone decides the day and the hour: 13:42 UTC is the next morning in Kiritimati.
    expect(formatTime(morning, "Pacific/Kiritimati", locale)).not.toBe(formatTime(morning, "America/Chicago", locale));
  });

  it("the words around the moment come from the reader's catalog", () => {
    const now = new Date("2026-03-02T20:00:00.000Z");
    const es = i18nFor("es");
    const today = relativeTime(morning, "America/Chicago", now, es);
    expect(today).toContain(formatTime(morning, "America/Chicago", "es"));
    expect(today).not.toContain("Today");
    expect(today).toBe(es._({ id: "when.today", values: { time: formatTime(morning, "America/Chicago", "es") } }));
    const older = relativeTime(new Date("2026-02-20T13:42:00.000Z"), "America/Chicago", now, i18nFor("sv"));
    expect(older).toContain(
      intl(
        "sv",
        "America/Chicago",
        { month: "short", day: "numeric", year: "numeric" },
        new Date("2026-02-20T13:42:00.000Z"),
      ),
    );
    expect(older).not.toContain(" at ");
  });
});

describe("a server's message with a date in it (issue 30)", () => {
  it("writes the date in the reader's language, in English as the spec does", () => {
    const closed = FLIGHT_TRIP_REFUSALS.closed("2026-03-20");
    expect(text("en", closed)).toBe("Enrolment for this trip closed on Friday, March 20, 2026.");
    const spanish = text("es", closed);
    expect(spanish).toContain(formatCalendarDay("2026-03-20", "es"));
    expect(spanish).not.toContain("March");
  });
});
