/**
 * The part of fontkit 2's public API that the PDFs use (the package ships no types; see its README:
 * `create`, `font.layout`, `font.getGlyph`, `font.createSubset`, `subset.includeGlyph`,
 * `subset.encode`). pdf-text.ts reads the rest of what pdf-lib needs through pdf-lib's own types.
 */
declare module "fontkit" {
  export interface Glyph {
    id: number;
    advanceWidth: number;
    codePoints: number[];
    path: { toSVG(): string };
  }
  export interface GlyphPosition {
    xAdvance: number;
    yAdvance: number;
    xOffset: number;
    yOffset: number;
  }
  export interface GlyphRun {
    glyphs: Glyph[];
    positions: GlyphPosition[];
  }
  export interface Subset {
    /** Set on a CFF font's subset (pdf-lib embeds it as FontFile3). */
    cff?: unknown;
    /** The glyph's id in the subset. */
    includeGlyph(glyph: number | Glyph): number;
    /** The subset as a font file. */
    encode(): Uint8Array;
  }
  export interface Font {
    unitsPerEm: number;
    postscriptName: string;
    characterSet: number[];
    layout(text: string, features?: string[] | Record<string, boolean>): GlyphRun;
    getGlyph(id: number): Glyph;
    createSubset(): Subset;
  }
  /** A TrueType or OpenType file's font (a collection's would need `postscriptName`). */
  export function create(data: Uint8Array, postscriptName?: string): Font;
}
