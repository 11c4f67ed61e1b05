import type { PDFFont } from "pdf-lib";

/**
 * Text for pdf-lib's standard fonts (the invoice, the route sheet). Those fonts encode WinAnsi only,
 * so every text is first reduced to what they can draw; long text is wrapped to a width. Only a type
 * comes from pdf-lib here: the documents' modules, loaded on demand, are the ones that evaluate it.
 */

/** Text the standard fonts can draw: controls become spaces, invisible formatting (bidi overrides, joiners) goes, unknown characters become "?". */
export function toWinAnsi(value: string, charset: ReadonlySet<number>): string {
  let out = "";
  const plain = value
    .normalize("NFKC")
    .replace(/[\p{Cc}\p{Zl}\p{Zp}]/gu, " ")
    .replace(/\p{Cf}/gu, "");
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

/** Splits text into lines no wider than `width`; a word longer than a line is cut. */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  const fits = (candidate: string) => font.widthOfTextAtSize(candidate, size) <= width;
  for (const word of text.split(" ").filter((part) => part !== "")) {
    const candidate = line === "" ? word : `${line} ${word}`;
    if (fits(candidate)) {
      line = candidate;
      continue;
    }
    if (line !== "") lines.push(line);
    line = "";
    for (const char of word) {
      if (!fits(line + char)) {
        lines.push(line);
        line = "";
      }
      line += char;
    }
  }
  if (line !== "") lines.push(line);
  return lines.length > 0 ? lines : [""];
}

/** At most `max` lines; the last one kept ends with an ellipsis when text was cut. */
export function clip(lines: string[], max: number, font: PDFFont, size: number, width: number): string[] {
  if (lines.length <= max) return lines;
  const kept = lines.slice(0, max);
  let last = kept[max - 1]!;
  while (last !== "" && font.widthOfTextAtSize(`${last}...`, size) > width) last = last.slice(0, -1);
  kept[max - 1] = `${last}...`;
  return kept;
}
