import { PageSizes, PDFDocument, type PDFFont, type PDFPage, type RGB, rgb, StandardFonts } from "pdf-lib";
import { ROUTE_DIRECTION_LABELS } from "#shared/enums.ts";
import { formatCalendarDay } from "#shared/school-time.ts";
import { clip, toWinAnsi, wrap } from "../_shared/pdf-text.ts";
import type { RouteSheet, RouteSheetRider } from "./sheet.ts";

/**
 * A route's sheet for the driver as a PDF (US Letter, as many pages as the stops need): the route,
 * direction, bus, driver and day, then each stop in order with its time and the children riding
 * that day, each with the flags of their record ("Allergy: …", "Special needs: …", wrapped). Drawn
 * with the standard fonts (text reduced to WinAnsi: lone surrogates and controls never reach pdf-lib).
 * Loaded on demand (`await import`) by the download route only.
 */

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
export function riderFlags(rider: Pick<RouteSheetRider, "allergyInfo" | "specialNeeds">): string[] {
  const flags: string[] = [];
  if (rider.allergyInfo?.trim()) flags.push(`Allergy: ${rider.allergyInfo.trim()}`);
  if (rider.specialNeeds?.trim()) flags.push(`Special needs: ${rider.specialNeeds.trim()}`);
  return flags;
}

type Style = { size?: number; bold?: boolean; color?: RGB; maxLines?: number };

/** Draws lines down the pages, starting a new page when the next line would not fit. */
class Pages {
  private page!: PDFPage;
  private y = 0;
  readonly all: PDFPage[] = [];

  constructor(
    private readonly pdf: PDFDocument,
    private readonly fonts: { regular: PDFFont; bold: PDFFont; charset: ReadonlySet<number> },
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

  /** Wrapped text at `x`, from the cursor down. */
  lines(value: string, x: number, style: Style = {}): void {
    const size = style.size ?? 10;
    const font = style.bold ? this.fonts.bold : this.fonts.regular;
    const width = RIGHT - x;
    const wrapped = value
      .split(/\r\n|\r|\n/)
      .flatMap((paragraph) => wrap(toWinAnsi(paragraph, this.fonts.charset), font, size, width));
    for (const line of clip(wrapped, style.maxLines ?? 3, font, size, width)) {
      if (this.y < BOTTOM) this.newPage(true);
      this.page.drawText(line, { x, y: this.y, size, font, color: style.color ?? INK });
      this.y -= size * 1.4;
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

  footer(text: (index: number, count: number) => string): void {
    this.all.forEach((page, index) => {
      const line = toWinAnsi(text(index + 1, this.all.length), this.fonts.charset);
      page.drawText(line, { x: MARGIN, y: MARGIN - 8, size: 8, font: this.fonts.regular, color: MUTED });
    });
  }
}

/** The sheet's PDF bytes. `generatedAt` only sets the document's metadata dates. */
export async function renderRouteSheetPdf(sheet: RouteSheet, generatedAt: Date): Promise<Uint8Array<ArrayBuffer>> {
  const pdf = await PDFDocument.create();
  const day = formatCalendarDay(sheet.date);
  // The route's name stays out of the metadata (drawn text is reduced to WinAnsi; metadata is not).
  pdf.setTitle(`Route sheet ${sheet.date}`);
  pdf.setAuthor("SchoolRide");
  pdf.setCreator("SchoolRide");
  pdf.setProducer("SchoolRide");
  pdf.setCreationDate(generatedAt);
  pdf.setModificationDate(generatedAt);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const pages = new Pages(
    pdf,
    { regular, bold, charset: new Set(regular.getCharacterSet()) },
    `${sheet.route.name}, ${day} (continued)`,
  );

  const { route } = sheet;
  pages.lines(sheet.schoolName, MARGIN, { size: 10, color: MUTED, maxLines: 2 });
  pages.lines("Route sheet", MARGIN, { size: 9, color: MUTED, maxLines: 1 });
  pages.lines(route.name, MARGIN, { size: 18, bold: true, maxLines: 2 });
  pages.gap(4);
  pages.lines(`Date: ${day}`, MARGIN, { size: 11, bold: true, maxLines: 1 });
  pages.lines(`Direction: ${ROUTE_DIRECTION_LABELS[route.direction]}`, MARGIN, { maxLines: 1 });
  pages.lines(route.bus ? `Bus: ${route.bus.number} (${route.bus.seats} seats)` : "Bus: none assigned", MARGIN);
  pages.lines(`Driver: ${route.driverName}`, MARGIN);
  const riders = sheet.stops.reduce((total, stop) => total + stop.riders.length, 0);
  pages.lines(`${sheet.stops.length} stops, ${riders} riders`, MARGIN, { color: MUTED, maxLines: 1 });
  if (sheet.notice) pages.lines(sheet.notice, MARGIN, { bold: true, color: FLAG });
  pages.gap(8);
  pages.rule();

  sheet.stops.forEach((stop, index) => {
    pages.keep(44);
    pages.gap(6);
    pages.lines(`${index + 1}. ${stop.time} ${stop.name}`, MARGIN, { size: 12, bold: true });
    if (stop.riders.length === 0) pages.lines("No riders", MARGIN + 16, { color: MUTED, maxLines: 1 });
    for (const rider of stop.riders) {
      pages.keep(28);
      pages.lines(`[ ] ${rider.name} (${rider.grade})`, MARGIN + 16, { size: 11 });
      for (const flag of riderFlags(rider))
        pages.lines(flag, MARGIN + 40, { bold: true, color: FLAG, maxLines: MAX_FLAG_LINES });
    }
    pages.gap(4);
    pages.rule();
  });

  pages.footer((page, count) => `${route.name}, ${day} - page ${page} of ${count}`);
  return new Uint8Array(await pdf.save());
}
