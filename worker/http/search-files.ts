import { disallowedPrefixes, PUBLIC_PAGES } from "#shared/site-pages.ts";

/** /robots.txt: every crawler may read the public pages; the private areas are disallowed; the sitemap's address. */
export function robotsTxt(appUrl: string): string {
  const base = appUrl.replace(/\/+$/, "");
  return [
    "User-agent: *",
    ...disallowedPrefixes().map((prefix) => `Disallow: ${prefix}`),
    "Allow: /",
    "",
    `Sitemap: ${base}/sitemap.xml`,
    "",
  ].join("\n");
}

const escapeXml = (text: string) =>
  text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");

/** /sitemap.xml: the public (prerendered) pages at the configured APP_URL. */
export function sitemapXml(appUrl: string): string {
  const base = appUrl.replace(/\/+$/, "");
  const urls = PUBLIC_PAGES.map((path) => `  <url><loc>${escapeXml(`${base}${path}`)}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}
