import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import type { AssetFetcher } from "#worker/platform.ts";
import { PDF_FONT_FILES, PDF_FONTS_PATH } from "#worker/services/_shared/pdf-fonts.ts";

const SOURCES = new Map(
  Object.values(PDF_FONT_FILES).flatMap((weights) => Object.values(weights).map(({ file, source }) => [file, source])),
);

/**
 * The app's assets as far as the PDFs read them: dist/pdf-fonts/<file> served from the font
 * packages the build copies them from (no build needed), anything else a 404.
 */
export function pdfFontAssets(): AssetFetcher {
  return async (request) => {
    const { pathname } = new URL(request.url);
    const source = pathname.startsWith(PDF_FONTS_PATH) ? SOURCES.get(pathname.slice(PDF_FONTS_PATH.length)) : undefined;
    if (!source) return new Response("Not found", { status: 404 });
    const bytes = await readFile(fileURLToPath(new URL(`../../node_modules/${source}`, import.meta.url)));
    return new Response(bytes, { headers: { "Content-Type": "font/ttf" } });
  };
}
