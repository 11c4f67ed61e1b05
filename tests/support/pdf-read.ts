import { create as createFont } from "fontkit";
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  type PDFObject,
  PDFRawStream,
  type PDFRef,
  type PDFStream,
} from "pdf-lib";

/** WinAnsi's 0x80–0x9F (Node's "windows-1252" decoder reads them as Latin-1 controls). */
const WIN_ANSI_HIGH = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ";
const winAnsi = (byte: number) => (byte >= 0x80 && byte <= 0x9f ? WIN_ANSI_HIGH.codePointAt(byte - 0x80)! : byte);

/** One drawn line: its ActualText (the line in reading order) and what its glyphs stand for, in drawing order. */
export type PdfSpan = {
  page: number;
  /** Where its first glyph run starts, from the page's left edge. */
  x: number;
  text: string;
  /** Each glyph's characters (the fonts' ToUnicode maps, or WinAnsi for the standard fonts). */
  glyphs: string[];
  /** Glyphs with no outline in their embedded font (a broken subset draws nothing). */
  blankGlyphs: number;
  /** Glyph 0 (.notdef, a tofu box) drawn. */
  notdef: number;
};

const utf16 = (hex: string) => {
  const units = (hex.match(/..../g) ?? []).map((unit) => Number.parseInt(unit, 16));
  return String.fromCharCode(...(units[0] === 0xfeff ? units.slice(1) : units));
};

type Font = { twoByte: boolean; toUnicode: Map<number, string>; outline: (gid: number) => boolean };

function decoded(stream: PDFObject | undefined): Uint8Array {
  if (!(stream instanceof PDFRawStream)) return new Uint8Array();
  return decodePDFRawStream(stream).decode();
}

function readFont(document: PDFDocument, dict: PDFDict): Font {
  const lookup = (owner: PDFDict, key: string) => document.context.lookup(owner.get(PDFName.of(key)));
  if (lookup(dict, "Subtype")?.toString() !== "/Type0")
    return { twoByte: false, toUnicode: new Map(), outline: () => true };
  const toUnicode = new Map<number, string>();
  const cmap = new TextDecoder("latin1").decode(decoded(lookup(dict, "ToUnicode")));
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
    for (const [, gid, text] of block[1]!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g))
      toUnicode.set(Number.parseInt(gid!, 16), utf16(text!));
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g))
    for (const [, from, to, text] of block[1]!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) {
      const start = Number.parseInt(from!, 16);
      const base = utf16(text!);
      for (let gid = start; gid <= Number.parseInt(to!, 16); gid++)
        toUnicode.set(gid, base.slice(0, -1) + String.fromCharCode(base.charCodeAt(base.length - 1) + gid - start));
    }
  const descendant = (lookup(dict, "DescendantFonts") as PDFArray).lookup(0, PDFDict);
  const descriptor = lookup(descendant, "FontDescriptor") as PDFDict;
  const file = createFont(decoded(lookup(descriptor, "FontFile2") as PDFStream));
  const outline = (gid: number) => {
    const glyph = file.getGlyph(gid);
    return glyph.path.toSVG() !== "" || /^\s*$/.test(toUnicode.get(gid) ?? "");
  };
  return { twoByte: true, toUnicode, outline };
}

/** Every drawn line of a PDF, page by page, with the characters its glyphs stand for. */
export async function pdfSpans(bytes: Uint8Array): Promise<PdfSpan[]> {
  const document = await PDFDocument.load(bytes);
  const spans: PdfSpan[] = [];
  document.getPages().forEach((page, index) => {
    const fontDict = page.node.Resources()?.lookup(PDFName.of("Font"), PDFDict);
    const fonts = new Map<string, Font>();
    for (const [name, ref] of fontDict?.entries() ?? [])
      fonts.set(name.toString(), readFont(document, document.context.lookup(ref as PDFRef) as PDFDict));
    const contents = page.node.Contents();
    const streams =
      contents instanceof PDFArray ? contents.asArray().map((ref) => document.context.lookup(ref)) : [contents];
    const content = streams.map((stream) => new TextDecoder("latin1").decode(decoded(stream ?? undefined))).join("\n");
    let font: Font | undefined;
    let span: PdfSpan | undefined;
    for (const [token] of content.matchAll(
      /\/ActualText\s*<[0-9A-Fa-f]*>|\/[^\s/<>[\]()]+\s+[\d.]+\s+Tf|[-\d.]+\s+[-\d.]+\s+Tm|<[0-9A-Fa-f]*>\s*Tj|\bEMC\b/g,
    )) {
      if (token.startsWith("/ActualText")) {
        span = {
          page: index + 1,
          x: Number.NaN,
          text: utf16(/<([0-9A-Fa-f]*)>/.exec(token)![1]!),
          glyphs: [],
          blankGlyphs: 0,
          notdef: 0,
        };
        spans.push(span);
      } else if (token.endsWith("Tf")) font = fonts.get(token.split(/\s+/)[0]!);
      else if (token === "EMC") span = undefined;
      else if (token.endsWith("Tm")) {
        if (span && Number.isNaN(span.x)) span.x = Number(token.split(/\s+/)[0]);
      } else if (span && font) {
        const hex = /<([0-9A-Fa-f]*)>/.exec(token)![1]!;
        for (const code of (hex.match(font.twoByte ? /..../g : /../g) ?? []).map((part) => Number.parseInt(part, 16))) {
          if (!font.twoByte) {
            span.glyphs.push(String.fromCodePoint(winAnsi(code)));
            continue;
          }
          if (code === 0) span.notdef++;
          else if (!font.outline(code)) span.blankGlyphs++;
          span.glyphs.push(font.toUnicode.get(code) ?? "\ufffd");
        }
      }
    }
  });
  return spans;
}

/** The fonts a PDF's pages draw with, by base name ("Helvetica", "AAAAAA+NotoSansArabic-Regular-…"). */
export async function pdfFontNames(bytes: Uint8Array): Promise<string[]> {
  const document = await PDFDocument.load(bytes);
  const names = new Set<string>();
  for (const page of document.getPages()) {
    const fonts = page.node.Resources()?.lookup(PDFName.of("Font"), PDFDict);
    for (const [, ref] of fonts?.entries() ?? []) {
      const font = document.context.lookup(ref as PDFRef) as PDFDict;
      names.add(String(font.get(PDFName.of("BaseFont"))).replace(/^\//, ""));
    }
  }
  return [...names].sort();
}

/** The text a PDF shows, one string per drawn line, in reading order (each line's ActualText). */
export async function pdfText(bytes: Uint8Array): Promise<string[]> {
  return (await pdfSpans(bytes)).map((span) => span.text);
}
