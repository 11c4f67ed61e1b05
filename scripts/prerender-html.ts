/** The HTML side of scripts/prerender.ts: a prerendered page from the built shell (dist/index.html). */

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

function headTags(title: string, description: string, url: string): string {
  const [t, d, u] = [escapeHtml(title), escapeHtml(description), escapeHtml(url)];
  return [
    `<title>${t}</title>`,
    `<meta name="description" content="${d}" />`,
    `<link rel="canonical" href="${u}" />`,
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

export type RenderedPage = { path: string; title: string; description: string; html: string; url: string; attribute: string };

/** Fills the shell: head tags, then the rendered app inside #root, marked with the path it is for. */
export function fillShell(shell: string, page: RenderedPage): string {
  const root = '<div id="root"></div>';
  if (!/<title>[^<]*<\/title>/.test(shell) || !shell.includes(root)) throw new Error(`prerender: the shell has no <title> or no ${root}`);
  return shell
    .replace(/\s*<meta name="description"[^>]*>/, "")
    .replace(/<title>[^<]*<\/title>/, () => headTags(page.title, page.description, page.url))
    .replace(root, () => `<div id="root" ${page.attribute}="${escapeHtml(page.path)}">${page.html}</div>`);
}
