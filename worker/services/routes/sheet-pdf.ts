import type { MessageDescriptor } from "@lingui/core";
import { PageSizes, type PDFDocument, type PDFPage, type RGB, rgb } from "pdf-lib";
import { LOCALE_TAGS, type Locale } from "#shared/locales.ts";
import { emailDay } from "../../email/format.ts";
import { text } from "../../i18n/texts.ts";
import { gradeLabel } from "../_shared/grades.ts";
import type { PdfFontFiles } from "../_shared/pdf-fonts.ts";
import { type PdfText, renderPdf } from "../_shared/pdf-text.ts";
import type { RouteSheet, RouteSheetNotice, RouteSheetRider } from "./sheet.ts";

/**
 * A route's sheet for the driver as a PDF (US Letter, as many pages as the stops need), in the
 * reader's language (issue 30, ADR 0079): the route, direction, bus, driver and day, then each stop
 * in order with its time and the children riding that day, each with the flags of their record
 * ("Allergy: …", "Special needs: …", wrapped). Labels from the server's catalogs, the day, times and
 * numbers through Intl in the reader's locale (times are the school's wall clock); names and notes
 * as written, in whatever script (../_shared/pdf-text.ts picks the fonts; Arabic runs right to left).
 * Loaded on demand (`await import`) by the download route only.
 */

export const ROUTE_SHEET_TEXTS = {
  documentTitle: /*i18n*/ { id: "pdf.routeSheet.documentTitle", message: "Route sheet {date}" },
  heading: /*i18n*/ { id: "pdf.routeSheet.heading", message: "Route sheet" },
  date: /*i18n*/ { id: "pdf.routeSheet.date", message: "Date: {date}" },
  pickup: /*i18n*/ { id: "pdf.routeSheet.pickup", message: "Direction: Pickup" },
  dropoff: /*i18n*/ { id: "pdf.routeSheet.dropoff", message: "Direction: Dropoff" },
  bus: /*i18n*/ {
    id: "pdf.routeSheet.bus",
    message: "Bus: {number} ({seats, plural, one {# seat} other {# seats}})",
  },
  noBus: /*i18n*/ { id: "pdf.routeSheet.noBus", message: "Bus: none assigned" },
  driver: /*i18n*/ { id: "pdf.routeSheet.driver", message: "Driver: {name}" },
  counts: /*i18n*/ {
    id: "pdf.routeSheet.counts",
    message: "{stops, plural, one {# stop} other {# stops}}, {riders, plural, one {# rider} other {# riders}}",
  },
  notRunning: /*i18n*/ { id: "pdf.routeSheet.notRunning", message: "This route does not run on this day." },
  noService: /*i18n*/ { id: "pdf.routeSheet.noService", message: "No service on this day: {reason}" },
  stop: /*i18n*/ { id: "pdf.routeSheet.stop", message: "{position}. {time} {name}" },
  noRiders: /*i18n*/ { id: "pdf.routeSheet.noRiders", message: "No riders" },
  rider: /*i18n*/ { id: "pdf.routeSheet.rider", message: "[ ] {name} ({grade})" },
  allergy: /*i18n*/ { id: "pdf.routeSheet.allergy", message: "Allergy: {text}" },
  specialNeeds: /*i18n*/ { id: "pdf.routeSheet.specialNeeds", message: "Special needs: {text}" },
  continued: /*i18n*/ { id: "pdf.routeSheet.continued", message: "{route}, {date} (continued)" },
  footer: /*i18n*/ { id: "pdf.routeSheet.footer", message: "{route}, {date} - page {page} of {count}" },
} satisfies Record<string, MessageDescriptor>;
const T = ROUTE_SHEET_TEXTS;

const INK = rgb(0.06, 0.09, 0.16);
const MUTED = rgb(0.28, 0.33, 0.41);
const FLAG = rgb(0.73, 0.11, 0.11);
const RULE = rgb(0.89, 0.91, 0.94);
const [PAGE_WIDTH, PAGE_HEIGHT] = PageSizes.Letter;
const MARGIN = 48;
const RIGHT = PAGE_WIDTH - MARGIN;
/** Below this the next line goes on a new page (room for the footer). */
const BOTTOM = MARGIN + 28;
/** A flag's text is wrapped to this many lines at most (the rest is cut with an ellipsis). */
const MAX_FLAG_LINES = 8;

/** The markers a rider's record gives the driver, in the order drawn. */
export function riderFlags(locale: Locale, rider: Pick<RouteSheetRider, "allergyInfo" | "specialNeeds">): string[] {
  const flags: string[] = [];
  if (rider.allergyInfo?.trim()) flags.push(text(locale, T.allergy, { text: rider.allergyInfo.trim() }));
  if (rider.specialNeeds?.trim()) flags.push(text(locale, T.specialNeeds, { text: rider.specialNeeds.trim() }));
  return flags;
}

/** What the sheet says of a day without a run. */
export function noticeText(locale: Locale, notice: RouteSheetNotice): string {
  return notice.kind === "noService"
    ? text(locale, T.noService, { reason: notice.reason })
    : text(locale, T.notRunning);
}

/** A stop's wall-clock time as the reader writes it (English keeps the sheet's "07:30"). */
function wallTime(locale: Locale, time: string): string {
  if (locale === "en") return time;
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  return new Intl.DateTimeFormat(LOCALE_TAGS[locale], { timeStyle: "short", timeZone: "UTC" }).format(
    new Date(Date.UTC(2000, 0, 1, hours, minutes)),
  );
}

type Style = { size?: number; bold?: boolean; color?: RGB; maxLines?: number };

/** Draws lines down the pages, starting a new page when the next line would not fit. */
class Pages {
  private page!: PDFPage;
  private y = 0;
  readonly all: PDFPage[] = [];

  constructor(
    private readonly pdf: PDFDocument,
    private readonly layer: PdfText,
    private readonly continued: string,
  ) {
    this.newPage(false);
  }

  private newPage(continuation: boolean) {
    this.page = this.pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    this.all.push(this.page);
    this.y = PAGE_HEIGHT - MARGIN - 12;
    if (continuation) this.lines(this.continued, MARGIN, { size: 9, color: MUTED, maxLines: 2 });
  }

  /** Wrapped text at `x` (from the start edge), from the cursor down. */
  lines(value: string, x: number, style: Style = {}): void {
    const drawn = { size: style.size ?? 10, bold: style.bold ?? false, color: style.color ?? INK };
    for (const line of this.layer.lines(value, drawn, RIGHT - x, style.maxLines ?? 3)) {
      if (this.y < BOTTOM) this.newPage(true);
      this.layer.draw(this.page, line, x, this.y, drawn);
      this.y -= drawn.size * 1.4;
    }
  }

  /** Keeps `height` points together: a new page when they would not fit on this one. */
  keep(height: number): void {
    if (this.y - height < BOTTOM) this.newPage(true);
  }

  gap(points: number): void {
    this.y -= points;
  }

  rule(): void {
    this.page.drawLine({ start: { x: MARGIN, y: this.y + 4 }, end: { x: RIGHT, y: this.y + 4 }, color: RULE });
    this.y -= 8;
  }

  footer(line: (index: number, count: number) => string): void {
    const style = { size: 8, color: MUTED };
    this.all.forEach((page, index) => {
      const [footer = ""] = this.layer.lines(line(index + 1, this.all.length), style, RIGHT - MARGIN, 1);
      this.layer.draw(page, footer, MARGIN, MARGIN - 8, style);
    });
  }
}

function drawSheet(pdf: PDFDocument, layer: PdfText, sheet: RouteSheet, locale: Locale): void {
  const day = emailDay(locale, sheet.date);
  const number = new Intl.NumberFormat(LOCALE_TAGS[locale], { useGrouping: false });
  const { route } = sheet;
  const pages = new Pages(pdf, layer, text(locale, T.continued, { route: route.name, date: day }));

  pages.lines(sheet.schoolName, MARGIN, { size: 10, color: MUTED, maxLines: 2 });
  pages.lines(text(locale, T.heading), MARGIN, { size: 9, color: MUTED, maxLines: 1 });
  // Room for the name's taller letters (Arabic and Chinese ones reach higher than Latin).
  pages.gap(8);
  pages.lines(route.name, MARGIN, { size: 18, bold: true, maxLines: 2 });
  pages.gap(4);
  pages.lines(text(locale, T.date, { date: day }), MARGIN, { size: 11, bold: true, maxLines: 1 });
  pages.lines(text(locale, route.direction === "pickup" ? T.pickup : T.dropoff), MARGIN, { maxLines: 1 });
  pages.lines(
    route.bus ? text(locale, T.bus, { number: route.bus.number, seats: route.bus.seats }) : text(locale, T.noBus),
    MARGIN,
  );
  pages.lines(text(locale, T.driver, { name: route.driverName }), MARGIN);
  const riders = sheet.stops.reduce((total, stop) => total + stop.riders.length, 0);
  pages.lines(text(locale, T.counts, { stops: sheet.stops.length, riders }), MARGIN, { color: MUTED, maxLines: 1 });
  if (sheet.notice) pages.lines(noticeText(locale, sheet.notice), MARGIN, { bold: true, color: FLAG });
  pages.gap(8);
  pages.rule();

  sheet.stops.forEach((stop, index) => {
    pages.keep(44);
    pages.gap(6);
    const position = number.format(index + 1);
    pages.lines(text(locale, T.stop, { position, time: wallTime(locale, stop.time), name: stop.name }), MARGIN, {
      size: 12,
      bold: true,
    });
    if (stop.riders.length === 0) pages.lines(text(locale, T.noRiders), MARGIN + 16, { color: MUTED, maxLines: 1 });
    for (const rider of stop.riders) {
      pages.keep(28);
      pages.lines(text(locale, T.rider, { name: rider.name, grade: gradeLabel(locale, rider.grade) }), MARGIN + 16, {
        size: 11,
      });
      for (const flag of riderFlags(locale, rider))
        pages.lines(flag, MARGIN + 40, { bold: true, color: FLAG, maxLines: MAX_FLAG_LINES });
    }
    pages.gap(4);
    pages.rule();
  });

  pages.footer((page, count) =>
    text(locale, T.footer, { route: route.name, date: day, page: number.format(page), count: number.format(count) }),
  );
}

/** The sheet's PDF bytes in `locale`. `generatedAt` only sets the document's metadata dates. */
export function renderRouteSheetPdf(
  sheet: RouteSheet,
  generatedAt: Date,
  options: { locale: Locale; fonts: PdfFontFiles },
): Promise<Uint8Array<ArrayBuffer>> {
  const { locale } = options;
  return renderPdf((pdf, layer) => drawSheet(pdf, layer, sheet, locale), {
    ...options,
    meta: (pdf) => {
      // The route's name stays out of the metadata (only what is drawn is cleaned).
      pdf.setTitle(text(locale, T.documentTitle, { date: sheet.date }));
      pdf.setAuthor("SchoolRide");
      pdf.setLanguage(LOCALE_TAGS[locale]);
      pdf.setCreator("SchoolRide");
      pdf.setProducer("SchoolRide");
      pdf.setCreationDate(generatedAt);
      pdf.setModificationDate(generatedAt);
    },
  });
}
