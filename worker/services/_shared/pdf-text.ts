import bidiFactory from "bidi-js";
import { create as createFont, type Font as FontkitFont, type Glyph as FontkitGlyph } from "fontkit";
import {
  beginText,
  endText,
  PDFDocument,
  type PDFFont,
  PDFHexString,
  PDFName,
  PDFOperator,
  PDFOperatorNames,
  type PDFPage,
  popGraphicsState,
  pushGraphicsState,
  type RGB,
  StandardFonts,
  setFillingColor,
  setFontAndSize,
  setTextMatrix,
  showText,
} from "pdf-lib";
import type { Locale } from "#shared/locales.ts";
import { direction } from "#shared/locales.ts";
import {
  familyOf,
  PDF_FONT_FAMILIES,
  PDF_FONT_FILES,
  type PdfFontFamily,
  type PdfFontFiles,
  type PdfFontWeight,
} from "./pdf-fonts.ts";

/**
 * Text in the PDFs (the invoice, the route sheet) in any of our languages and any name (ADR 0079).
 * A document is drawn once with pdf-lib's standard fonts; when some text needs more than they
 * encode (WinAnsi: Vietnamese, Arabic, Chinese, a Czech or a Chinese name), it is drawn again with
 * the Noto fonts its scripts need, embedded as subsets. Each line is laid out with the Unicode
 * bidirectional algorithm (bidi-js): right-to-left runs in visual order, Arabic shaped by fontkit
 * from the font's tables, an Arabic document mirrored (right-aligned). Each line carries its
 * logical text as the PDF's ActualText, so copying or searching an Arabic line gives it in reading
 * order. Only the documents' modules, loaded on demand, import this one.
 */

export type TextStyle = { size: number; bold?: boolean };
export type DrawStyle = TextStyle & { color: RGB; align?: "start" | "end" };

export interface PdfText {
  /** Right to left: x is measured from the page's right edge and "start" is the right. */
  readonly rtl: boolean;
  width(line: string, style: TextStyle): number;
  /** `value`'s paragraphs wrapped to `width`, at most `maxLines` (the last cut with an ellipsis). */
  lines(value: string, style: TextStyle, width: number, maxLines: number): string[];
  /** One line at `x` (from the start edge) and `y`. */
  draw(page: PDFPage, line: string, x: number, y: number, style: DrawStyle): void;
}

/** A document drawn from its text layer; called once or twice (see `renderPdf`). */
export type Draw = (pdf: PDFDocument, text: PdfText) => void;

/** No line is longer than this many characters: a megabyte of text is cut before it is measured. */
const MAX_LINE_CHARS = 400;

// Bidi embeddings, overrides and isolates: a name must not turn the rest of a line around.
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/g;
const BIDI_MARKS = /[\u200e\u200f\u061c]/g;
const IS_MARK = /^[\u200e\u200f\u061c]$/;

/**
 * The text as it is drawn: NFC, lone surrogates as "?", controls and line breaks as spaces, bidi
 * controls and other invisible formatting removed (the marks LRM, RLM and ALM are kept for the
 * layout until a line is drawn).
 */
export function cleanText(value: string): string {
  return value
    .replace(/\p{Cs}/gu, "?")
    .normalize("NFC")
    .replace(/[\p{Cc}\p{Zl}\p{Zp}]/gu, " ")
    .replace(BIDI_CONTROLS, "")
    .replace(/(?![\u200e\u200f\u061c])\p{Cf}/gu, "");
}

/** Text the standard fonts can draw: accents WinAnsi lacks lose their mark (ř → r), anything else becomes "?". */
export function toWinAnsi(value: string, charset: ReadonlySet<number>): string {
  let out = "";
  const plain = cleanText(value).replace(BIDI_MARKS, "").normalize("NFKC");
  for (const char of plain) {
    const code = char.codePointAt(0)!;
    if (charset.has(code)) {
      out += char;
      continue;
    }
    const base = char.normalize("NFKD").replace(/\p{M}/gu, "");
    out += base !== "" && [...base].every((part) => charset.has(part.codePointAt(0)!)) ? base : "?";
  }
  return out;
}

/** Splits text into lines no wider than `width`; a word longer than a line is cut (Chinese breaks anywhere). */
export function wrap(text: string, fits: (candidate: string) => boolean, limit = Number.POSITIVE_INFINITY): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ").filter((part) => part !== "")) {
    // Past the lines that can be shown, the rest is not measured.
    if (lines.length > limit) break;
    const candidate = line === "" ? word : `${line} ${word}`;
    if (fits(candidate)) {
      line = candidate;
      continue;
    }
    if (line !== "") lines.push(line);
    // A word longer than a line: the longest prefix that fits, found by halving (not letter by letter).
    let rest = [...word];
    for (;;) {
      let low = 1;
      let high = Math.min(rest.length, MAX_LINE_CHARS);
      while (low < high) {
        const middle = (low + high + 1) >> 1;
        if (fits(rest.slice(0, middle).join(""))) low = middle;
        else high = middle - 1;
      }
      line = rest.slice(0, low).join("");
      rest = rest.slice(low);
      if (rest.length === 0) break;
      lines.push(line);
    }
  }
  if (line !== "") lines.push(line);
  return lines.length > 0 ? lines : [""];
}

/** At most `max` lines; the last one kept ends with an ellipsis when text was cut. */
export function clip(lines: string[], max: number, fits: (candidate: string) => boolean, cut = false): string[] {
  if (lines.length <= max && !cut) return lines;
  const kept = lines.slice(0, max);
  let last = kept[kept.length - 1] ?? "";
  while (last !== "" && !fits(`${last}...`)) last = [...last].slice(0, -1).join("");
  kept[kept.length - 1] = `${last}...`;
  return kept;
}

function linesOf(value: string, maxLines: number, fits: (candidate: string) => boolean, clean: (v: string) => string) {
  const limit = (maxLines + 1) * MAX_LINE_CHARS;
  const cut = value.length > limit;
  const lines: string[] = [];
  for (const paragraph of (cut ? value.slice(0, limit) : value).split(/\r\n|\r|\n/)) {
    if (lines.length > maxLines) break;
    lines.push(...wrap(clean(paragraph), fits, maxLines));
  }
  return clip(lines, maxLines, fits, cut);
}

/** Wraps a line's drawing in a span whose ActualText is the line in reading order. */
function withActualText(page: PDFPage, line: string, draw: () => void): void {
  // An inline dictionary operand (pdf-lib's operand type leaves dictionaries out; it writes them as any object).
  const properties = page.doc.context.obj({ ActualText: PDFHexString.fromText(line) }) as unknown as PDFName;
  page.pushOperators(PDFOperator.of(PDFOperatorNames.BeginMarkedContentSequence, [PDFName.of("Span"), properties]));
  draw();
  page.pushOperators(PDFOperator.of(PDFOperatorNames.EndMarkedContent));
}

/** The standard fonts' text layer; it notes the families of the characters they cannot draw. */
class StandardText implements PdfText {
  readonly needs = new Set<PdfFontFamily>();
  private readonly charset: ReadonlySet<number>;

  constructor(
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
    readonly rtl: boolean,
  ) {
    this.charset = new Set(regular.getCharacterSet());
  }

  private font(style: TextStyle) {
    return style.bold ? this.bold : this.regular;
  }

  private clean(value: string): string {
    for (const char of cleanText(value).replace(BIDI_MARKS, ""))
      if (!this.charset.has(char.codePointAt(0)!)) this.needs.add(familyOf(char) ?? "latin");
    return toWinAnsi(value, this.charset);
  }

  width(line: string, style: TextStyle): number {
    return this.font(style).widthOfTextAtSize(toWinAnsi(line, this.charset), style.size);
  }

  lines(value: string, style: TextStyle, width: number, maxLines: number): string[] {
    const font = this.font(style);
    const fits = (candidate: string) => font.widthOfTextAtSize(candidate, style.size) <= width;
    return linesOf(value, maxLines, fits, (paragraph) => this.clean(paragraph));
  }

  draw(page: PDFPage, line: string, x: number, y: number, style: DrawStyle): void {
    const safe = this.clean(line);
    const font = this.font(style);
    const width = font.widthOfTextAtSize(safe, style.size);
    const left = leftEdge(page, x, width, style.align ?? "start", this.rtl);
    withActualText(page, safe, () => page.drawText(safe, { x: left, y, size: style.size, font, color: style.color }));
  }
}

function leftEdge(page: PDFPage, x: number, width: number, align: "start" | "end", rtl: boolean): number {
  if (!rtl) return align === "start" ? x : x - width;
  const edge = page.getWidth() - x;
  return align === "start" ? edge - width : edge;
}

/** A font of the chain and the characters it has glyphs for. */
type Face = { font: PDFFont; shaper: FontkitFont; chars: ReadonlySet<number> };
/** A glyph as fontkit lays it out, in points: its advance, its offset (a mark on its letter, by GPOS), and its own width. */
type Placed = { advance: number; dx: number; dy: number; natural: number };
type Run = { face: Face; text: string; level: number };

const charsets = new Map<string, ReadonlySet<number>>();
let bidi: ReturnType<typeof bidiFactory> | undefined;

// The scripts fontkit lays out right to left (it then reverses the glyphs of the whole run itself).
const FONTKIT_RTL = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;
const NEUTRAL_SCRIPT = /[\p{Script=Common}\p{Script=Inherited}\p{Script=Unknown}]/u;
const STRONG_RTL = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]|[\u{10800}-\u{10fff}\u{1e800}-\u{1efff}]/u;

function fontkitReverses(text: string): boolean {
  for (const char of text) if (!NEUTRAL_SCRIPT.test(char)) return FONTKIT_RTL.test(char);
  return false;
}

const reverse = (text: string) => [...text].reverse().join("");

/** The embedded fonts' text layer: each character in the first font of the chain that has it. */
class EmbeddedText implements PdfText {
  constructor(
    private readonly faces: Record<PdfFontWeight, Face[]>,
    readonly rtl: boolean,
  ) {}

  /** The line's runs of one font, in logical order; a character no font has is a "?". */
  private runs(line: string, style: TextStyle, levels?: Uint8Array): { runs: Run[]; drawn: string } {
    const faces = this.faces[style.bold ? "bold" : "regular"];
    const runs: Run[] = [];
    let drawn = "";
    let index = 0;
    let previous: Face | undefined;
    for (const original of line) {
      const at = index;
      index += original.length;
      if (IS_MARK.test(original)) continue;
      const level = levels?.[at] ?? 0;
      let char = level % 2 === 1 ? (bidi?.getMirroredCharacter(original) ?? original) : original;
      const code = char.codePointAt(0)!;
      // A space, a digit or a mark stays in the font of the letter before it when that font has it.
      let face =
        previous && NEUTRAL_SCRIPT.test(char) && previous.chars.has(code)
          ? previous
          : faces.find((candidate) => candidate.chars.has(code));
      if (!face) {
        char = "?";
        face = faces[0]!;
      }
      drawn += char === "?" ? char : original;
      previous = face;
      const last = runs[runs.length - 1];
      if (last && last.face === face && last.level === level) last.text += char;
      else runs.push({ face, text: char, level });
    }
    return { runs, drawn };
  }

  width(line: string, style: TextStyle): number {
    return this.runs(cleanText(line), style).runs.reduce(
      (total, run) => total + placed(run.face, run.text, style.size).reduce((sum, glyph) => sum + glyph.advance, 0),
      0,
    );
  }

  lines(value: string, style: TextStyle, width: number, maxLines: number): string[] {
    // A line's width is its words' and spaces' (shaping does not cross a space): each word is laid out once.
    const words = new Map<string, number>();
    const measure = (word: string) => {
      let measured = words.get(word);
      if (measured === undefined) {
        measured = this.width(word, style);
        words.set(word, measured);
      }
      return measured;
    };
    const space = this.width(" ", style);
    const fits = (candidate: string) => {
      const parts = candidate.split(" ");
      return parts.reduce((total, part) => total + measure(part), space * (parts.length - 1)) <= width;
    };
    return linesOf(value, maxLines, fits, cleanText);
  }

  draw(page: PDFPage, line: string, x: number, y: number, style: DrawStyle): void {
    const clean = cleanText(line);
    let laid: { runs: Run[]; drawn: string };
    if (!this.rtl && !STRONG_RTL.test(clean)) laid = this.runs(clean, style);
    else {
      bidi ??= bidiFactory();
      laid = this.runs(clean, style, bidi.getEmbeddingLevels(clean, this.rtl ? "rtl" : "ltr").levels);
      laid.runs = visualOrder(laid.runs);
    }
    const { runs, drawn } = laid;
    // fontkit reverses a run of a right-to-left script; any other run is turned here when its level is odd.
    const texts = runs.map((run) =>
      fontkitReverses(run.text) === (run.level % 2 === 1) ? run.text : reverse(run.text),
    );
    const glyphs = runs.map((run, index) => placed(run.face, texts[index]!, style.size));
    const total = glyphs.flat().reduce((sum, glyph) => sum + glyph.advance, 0);
    let cursor = leftEdge(page, x, total, style.align ?? "start", this.rtl);
    withActualText(page, drawn, () => {
      runs.forEach((run, index) => {
        drawPlaced(page, run.face, texts[index]!, glyphs[index]!, cursor, y, style);
        cursor += glyphs[index]!.reduce((sum, glyph) => sum + glyph.advance, 0);
      });
    });
  }
}

/** fontkit's layout of a run: shaped (Arabic joining, ligatures), kerned, marks placed on their letters. */
function placed(face: Face, text: string, size: number): Placed[] {
  const { glyphs, positions } = face.shaper.layout(text);
  const scale = size / face.shaper.unitsPerEm;
  return glyphs.map((glyph, index) => {
    const position = positions[index]!;
    return {
      advance: position.xAdvance * scale,
      dx: position.xOffset * scale,
      dy: position.yOffset * scale,
      natural: glyph.advanceWidth * scale,
    };
  });
}

/**
 * A run's glyphs at their places. pdf-lib's drawText advances each glyph by its own width and knows
 * no offsets, which leaves Arabic dots (marks, in the Noto fonts) beside their letters; so glyphs
 * are written as the layout places them: runs of plain glyphs as one string, any other glyph at its
 * own position. The glyph ids are the subset's, from the font's own encoding of the same text.
 */
function drawPlaced(page: PDFPage, face: Face, text: string, glyphs: Placed[], x: number, y: number, style: DrawStyle) {
  const codes = face.font.encodeText(text).asString().match(/.{4}/g) ?? [];
  if (codes.length !== glyphs.length) {
    page.drawText(text, { x, y, size: style.size, font: face.font, color: style.color });
    return;
  }
  const key = page.node.newFontDictionary(face.font.name, face.font.ref);
  const operators = [pushGraphicsState(), setFillingColor(style.color), beginText(), setFontAndSize(key, style.size)];
  let pen = x;
  let chunk = "";
  let chunkX = x;
  const flush = () => {
    if (chunk === "") return;
    operators.push(setTextMatrix(1, 0, 0, 1, chunkX, y), showText(PDFHexString.of(chunk)));
    chunk = "";
  };
  glyphs.forEach((glyph, index) => {
    const code = codes[index]!;
    if (glyph.dx === 0 && glyph.dy === 0 && Math.abs(glyph.advance - glyph.natural) < 0.001) {
      if (chunk === "") chunkX = pen;
      chunk += code;
    } else {
      flush();
      operators.push(setTextMatrix(1, 0, 0, 1, pen + glyph.dx, y + glyph.dy), showText(PDFHexString.of(code)));
    }
    pen += glyph.advance;
  });
  flush();
  operators.push(endText(), popGraphicsState());
  page.pushOperators(...operators);
}

/** Runs from logical to visual order (UAX #9 L2, at the granularity of runs of one level). */
function visualOrder(runs: Run[]): Run[] {
  const ordered = [...runs];
  const levels = ordered.map((run) => run.level);
  const highest = Math.max(0, ...levels);
  const lowestOdd = Math.min(...levels.filter((level) => level % 2 === 1), highest + 1);
  for (let level = highest; level >= lowestOdd; level--) {
    let start = 0;
    while (start < ordered.length) {
      if (ordered[start]!.level < level) {
        start++;
        continue;
      }
      let end = start;
      while (end + 1 < ordered.length && ordered[end + 1]!.level >= level) end++;
      ordered.splice(start, end - start + 1, ...ordered.slice(start, end + 1).reverse());
      start = end + 1;
    }
  }
  return ordered;
}

const parsed = new WeakMap<Uint8Array, FontkitFont>();

/**
 * fontkit parsing each font file once per isolate: a font's layout tables (Noto Sans' GPOS, Noto
 * Sans SC's GSUB) cost tens to hundreds of milliseconds to read, and the files' bytes are kept per
 * isolate (pdf-fonts.ts). Each document still makes its own subset of the one parsed font.
 */
function parse(bytes: Uint8Array): FontkitFont {
  let font = parsed.get(bytes);
  if (!font) {
    font = createFont(bytes);
    parsed.set(bytes, font);
  }
  return font;
}

type PdfLibFontkit = Parameters<PDFDocument["registerFontkit"]>[0];
const forPdfLib = new WeakMap<FontkitFont, ReturnType<PdfLibFontkit["create"]>>();

/**
 * fontkit 2 as pdf-lib's `registerFontkit` expects it (ADR 0079). pdf-lib 1.17 was written against
 * fontkit 1: of a font it reads `layout`, `characterSet`, `glyphForCodePoint`, `unitsPerEm`,
 * `postscriptName`, `bbox`, `ascent`, `descent`, `capHeight`, `xHeight`, `italicAngle`, `post`,
 * `head`, `OS/2` and `cff`; of a glyph `id`, `advanceWidth` and `codePoints`; of a subset
 * `includeGlyph`, `cff` and `encodeStream()`, a stream it reads with `on("data" | "end" | "error")`.
 * fontkit 2 has each but the last: its subset's `encode()` returns the file's bytes instead. So
 * pdf-lib is given the one parsed font (a Proxy that reads every member from it, so its lazily read
 * tables and layout engine stay its own, parsed once) with one difference: `createSubset()` makes a
 * fontkit 2 subset and hands pdf-lib its `cff`, its `includeGlyph` and an `encodeStream()` that
 * emits `encode()`'s bytes. fontkit 2 keeps the source font's `loca` format in a subset, which
 * fontkit 1.1.1 did not (its subsets lost glyphs); tests/node/pdf-languages.test.ts decodes every
 * embedded glyph to catch a regression.
 */
const parsedOnce: PdfLibFontkit = {
  create(bytes) {
    const font = parse(bytes);
    let adapted = forPdfLib.get(font);
    if (!adapted) {
      const createSubset = () => {
        const subset = font.createSubset();
        return {
          get cff() {
            return subset.cff;
          },
          includeGlyph: (glyph: number | FontkitGlyph) => subset.includeGlyph(glyph),
          encodeStream: () => emitted(() => subset.encode()),
        };
      };
      adapted = new Proxy(font, {
        get: (target, key) => (key === "createSubset" ? createSubset : Reflect.get(target, key, target)),
      }) as unknown as ReturnType<PdfLibFontkit["create"]>;
      forPdfLib.set(font, adapted);
    }
    return adapted;
  },
};

type Listener = (value?: unknown) => void;

/** A stream of one chunk, `bytes()`, read as pdf-lib reads a subset's (listeners set, then events). */
function emitted(bytes: () => Uint8Array) {
  const listeners = new Map<string, Listener>();
  const stream = {
    on(event: "data" | "end" | "error", listener: Listener) {
      listeners.set(event, listener);
      return stream;
    },
  };
  queueMicrotask(() => {
    let data: Uint8Array;
    try {
      data = bytes();
    } catch (error) {
      listeners.get("error")?.(error);
      return;
    }
    listeners.get("data")?.(data);
    listeners.get("end")?.();
  });
  return stream;
}

/** The order of the chain: the document's own script first, then Latin, Arabic, Chinese. */
function chain(locale: Locale): PdfFontFamily[] {
  const first: PdfFontFamily = locale === "ar" ? "arabic" : locale === "zh" ? "cjk" : "latin";
  return [first, ...PDF_FONT_FAMILIES.filter((family) => family !== first)];
}

async function embeddedText(
  pdf: PDFDocument,
  locale: Locale,
  needs: ReadonlySet<PdfFontFamily>,
  files: PdfFontFiles,
): Promise<EmbeddedText | null> {
  pdf.registerFontkit(parsedOnce);
  const families = chain(locale).filter((family) => family === "latin" || needs.has(family));
  const faces: Record<PdfFontWeight, Face[]> = { regular: [], bold: [] };
  const loaded = new Set<PdfFontWeight>();
  for (const weight of ["regular", "bold"] as const) {
    for (const family of families) {
      const { file } = PDF_FONT_FILES[family][weight];
      const bytes = await files(file);
      if (!bytes) continue;
      if (family === "latin") loaded.add(weight);
      const font = await pdf.embedFont(bytes, { subset: true });
      let chars = charsets.get(file);
      if (!chars) {
        chars = new Set(font.getCharacterSet());
        charsets.set(file, chars);
      }
      faces[weight].push({ font, shaper: parse(bytes), chars });
    }
  }
  // Without the Latin font (the assets cannot be read), the standard fonts' drawing stands.
  if (loaded.size < 2) return null;
  return new EmbeddedText(faces, direction(locale) === "rtl");
}

export type PdfOptions = {
  locale: Locale;
  fonts: PdfFontFiles;
  /** The document's metadata (its title in the reader's language). */
  meta: (pdf: PDFDocument) => void;
};

/**
 * A document's bytes: drawn with the standard fonts, and drawn again with embedded fonts when its
 * text needs them (and they can be had; else the standard fonts' drawing, "?" for what they lack).
 */
export async function renderPdf(draw: Draw, options: PdfOptions): Promise<Uint8Array<ArrayBuffer>> {
  const rtl = direction(options.locale) === "rtl";
  const standard = await PDFDocument.create();
  options.meta(standard);
  const text = new StandardText(
    await standard.embedFont(StandardFonts.Helvetica),
    await standard.embedFont(StandardFonts.HelveticaBold),
    rtl,
  );
  draw(standard, text);
  let pdf = standard;
  if (text.needs.size > 0 || rtl) {
    const embedded = await PDFDocument.create();
    const layer = await embeddedText(embedded, options.locale, text.needs, options.fonts);
    if (layer) {
      options.meta(embedded);
      draw(embedded, layer);
      pdf = embedded;
    }
  }
  // A copy over a plain ArrayBuffer: what a Response body takes.
  return new Uint8Array(await pdf.save());
}
