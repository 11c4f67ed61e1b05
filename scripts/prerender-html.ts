/** The HTML side of scripts/prerender.ts: a prerendered page from the built shell (dist/index.html). */
import { dirname, relative, resolve } from "node:path";
import type { Plugin } from "vite";
import { escapeHtml } from "#shared/html.ts";

function headTags(page: RenderedPage): string {
  const [t, d, u] = [escapeHtml(page.title), escapeHtml(page.description), escapeHtml(page.url)];
  return [
    `<title>${t}</title>`,
    ...(page.noindex ? ['<meta name="robots" content="noindex" />'] : []),
    `<meta name="description" content="${d}" />`,
    `<link rel="canonical" href="${u}" />`,
    ...(page.alternates ?? []).map(
      ({ hreflang, href }) => `<link rel="alternate" hreflang="${escapeHtml(hreflang)}" href="${escapeHtml(href)}" />`,
    ),
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="SchoolRide" />`,
    `<meta property="og:title" content="${t}" />`,
    `<meta property="og:description" content="${d}" />`,
    `<meta property="og:url" content="${u}" />`,
    `<meta name="twitter:card" content="summary" />`,
    `<meta name="twitter:title" content="${t}" />`,
    `<meta name="twitter:description" content="${d}" />`,
  ].join("\n    ");
}

export type RenderedPage = {
  path: string;
  title: string;
  description: string;
  html: string;
  url: string;
  attribute: string;
  /** The route's chunks (besides the entry's, which the shell loads): fetched in parallel with the entry. */
  preload: readonly string[];
  /** Kept out of search (a private page, #shared/site-pages.ts): a robots noindex tag, as the server's X-Robots-Tag says. */
  noindex?: boolean;
  /** The page's language (`<html lang dir>`); the shell's is kept without one. */
  language?: { lang: string; dir: "ltr" | "rtl" };
  /** The page in every language (`<link rel="alternate" hreflang>`), and `x-default`. */
  alternates?: readonly { hreflang: string; href: string }[];
};

/** The shell's empty #root, which the prerendered pages and the role areas' shells fill. */
const root = '<div id="root"></div>';

/**
 * A prerendered page paints from its HTML and stylesheet alone; its scripts only hydrate it. They are
 * fetched at low priority (ADR 0069), the entry's as the route's, so the stylesheet has the line to
 * itself: still with the entry rather than after it, never before what the paint needs.
 */
const LOW_PRIORITY_SCRIPT = /<(script type="module"|link rel="modulepreload") crossorigin /g;

/**
 * Fills the shell: head tags, a modulepreload link per route chunk (before the shell's own
 * `</head>`; the entry's are in the shell already), then the rendered app inside #root, marked with
 * the path it is for. Every script of the page is fetched at low priority.
 */
export function fillShell(shell: string, page: RenderedPage): string {
  if (!/<title>[^<]*<\/title>/.test(shell) || !shell.includes(root) || !shell.includes("</head>")) {
    throw new Error(`prerender: the shell has no <title>, no </head> or no ${root}`);
  }
  const preloads = [...new Set(page.preload)].map(
    (href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`,
  );
  const { language } = page;
  return shell
    .replace(/<html\b[^>]*>/, (tag) =>
      language ? `<html lang="${escapeHtml(language.lang)}" dir="${language.dir}">` : tag,
    )
    .replace(/\s*<meta name="description"[^>]*>/, "")
    .replace(/<title>[^<]*<\/title>/, () => headTags(page))
    .replace("</head>", () => `${preloads.map((link) => `  ${link}\n  `).join("")}</head>`)
    .replace(LOW_PRIORITY_SCRIPT, (_tag, opening: string) => `<${opening} fetchpriority="low" crossorigin `)
    .replace(root, () => `<div id="root" ${page.attribute}="${escapeHtml(page.path)}">${page.html}</div>`);
}

/**
 * A role home's shell (ADR 0065): the SPA shell as it is, plus a modulepreload link per chunk the
 * home's routes load and a fetch preload per data request their loaders send, so both start with the
 * entry script instead of after it. The client's `fetch` of the same URL takes the preloaded answer.
 * `frame`: what #root shows until the app has rendered (a role area's frame, ADR 0087), and the
 * attribute that tells the client it is there.
 */
export function fillRoleShell(
  shell: string,
  home: { preload: readonly string[]; data: readonly string[]; frame?: { html: string; attribute: string } },
): string {
  if (!shell.includes("</head>")) throw new Error("prerender: the shell has no </head>");
  if (home.frame !== undefined && !shell.includes(root)) throw new Error(`prerender: the shell has no ${root}`);
  const links = [
    ...[...new Set(home.data)].map((href) => `<link rel="preload" as="fetch" crossorigin href="${escapeHtml(href)}">`),
    ...[...new Set(home.preload)].map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`),
  ];
  const filled = shell.replace("</head>", () => `${links.map((link) => `  ${link}\n  `).join("")}</head>`);
  const { frame } = home;
  return frame === undefined
    ? filled
    : filled.replace(root, () => `<div id="root" ${frame.attribute}>${frame.html}</div>`);
}

const DYNAMIC_IMPORT = /\bimport\(\s*(["'])(\.{1,2}\/[^"']+)\1\s*\)/g;

/**
 * A plugin for the prerender's SSR build: each relative `import("./x")` in web/src first adds the
 * module's client manifest key (its path under `webRoot`) to `globalThis.__prerenderImports` when
 * that set exists (web/src/prerender.tsx sets it while the routes of a page load). The code runs as
 * before otherwise; the client build does not use this plugin.
 */
export function logRouteImports(webRoot: string): Plugin {
  const sources = resolve(webRoot, "src");
  return {
    name: "schoolride:log-route-imports",
    transform(code, id) {
      const file = id.split("?")[0]!;
      if (!file.startsWith(sources) || !code.includes("import(")) return null;
      const rewritten = code.replace(DYNAMIC_IMPORT, (call: string, _quote: string, specifier: string) => {
        const key = relative(webRoot, resolve(dirname(file), specifier)).replaceAll("\\", "/");
        return `(globalThis.__prerenderImports?.add(${JSON.stringify(key)}), ${call})`;
      });
      return { code: rewritten, map: null };
    },
  };
}
