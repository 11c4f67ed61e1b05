import type { AssetFetcher } from "../../platform.ts";

/**
 * The fonts the PDFs draw with when pdf-lib's standard ones cannot (ADR 0079): Noto Sans for Latin
 * (Vietnamese too), Greek and Cyrillic, Noto Sans Arabic, and Noto Sans SC for Chinese (and kana),
 * each regular and bold, all SIL OFL. They are static files of the built app (dist/pdf-fonts/,
 * copied from the font packages by the build, vite.config.ts), never part of the Worker's script:
 * a PDF fetches the ones its text needs through the app's own assets, once per isolate.
 */

export const PDF_FONTS_PATH = "/pdf-fonts/";

/** The font families, in the order a character looks for a glyph (after the document's own first). */
export const PDF_FONT_FAMILIES = ["latin", "arabic", "cjk"] as const;
export type PdfFontFamily = (typeof PDF_FONT_FAMILIES)[number];
export type PdfFontWeight = "regular" | "bold";

/** Each file of dist/pdf-fonts/ and where the build copies it from (a path under node_modules). */
export const PDF_FONT_FILES: Record<PdfFontFamily, Record<PdfFontWeight, { file: string; source: string }>> = {
  latin: {
    regular: {
      file: "NotoSans-Regular.ttf",
      source: "@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf",
    },
    bold: { file: "NotoSans-Bold.ttf", source: "@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf" },
  },
  arabic: {
    regular: {
      file: "NotoSansArabic-Regular.ttf",
      source: "@expo-google-fonts/noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf",
    },
    bold: {
      file: "NotoSansArabic-Bold.ttf",
      source: "@expo-google-fonts/noto-sans-arabic/700Bold/NotoSansArabic_700Bold.ttf",
    },
  },
  cjk: {
    regular: {
      file: "NotoSansSC-Regular.ttf",
      source: "@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf",
    },
    bold: { file: "NotoSansSC-Bold.ttf", source: "@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf" },
  },
};

/** A font file's bytes by its name in dist/pdf-fonts/ (null when it cannot be had). */
export type PdfFontFiles = (file: string) => Promise<Uint8Array | null>;

/** The family whose font a character needs, by its script (null: anything the Latin font or the standard fonts draw). */
export function familyOf(char: string): PdfFontFamily | null {
  if (ARABIC.test(char)) return "arabic";
  if (CJK.test(char)) return "cjk";
  return null;
}
const ARABIC = /\p{Script=Arabic}/u;
// Han, kana, bopomofo, and the CJK punctuation and full-width forms Chinese text is written with.
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Bopomofo}\u3000-\u303f\uff00-\uffef]/u;

/**
 * The fonts from the app's own assets (the Worker's ASSETS binding, or dist/ on the Node entry).
 * Bytes are kept per isolate, so a font is fetched once however many PDFs draw with it; a failed
 * fetch is not kept (the next PDF tries again).
 */
export function pdfFontFilesFromAssets(assets: AssetFetcher | undefined): PdfFontFiles {
  return async (file) => {
    if (!assets) return null;
    let cached = fetched.get(file);
    if (!cached) {
      cached = assets(new Request(`https://assets.invalid${PDF_FONTS_PATH}${file}`)).then(async (response) =>
        response.ok && !response.headers.get("content-type")?.startsWith("text/html")
          ? new Uint8Array(await response.arrayBuffer())
          : null,
      );
      fetched.set(file, cached);
      cached.then(
        (bytes) => bytes ?? fetched.delete(file),
        () => fetched.delete(file),
      );
    }
    return cached.catch(() => null);
  };
}
const fetched = new Map<string, Promise<Uint8Array | null>>();
