import type { ManifestFile } from "./app-manifest.ts";

/** A parent's and a driver's installed app opens on their home; anyone else's on / (app-manifest.ts). */
export function manifestFor(role: string | null): ManifestFile {
  if (role === "parent") return "parent.webmanifest";
  if (role === "driver") return "driver.webmanifest";
  return "manifest.webmanifest";
}

/**
 * Points the page's `<link rel="manifest">` (web/index.html) at the manifest for `role`: the data
 * layer (data.tsx) calls it with every session read, so a signed-in page installs its user's app.
 * A public page keeps the generic one (start URL /). No document (the prerender, tests): nothing to point.
 */
export function linkManifestFor(role: string | null): void {
  if (typeof document === "undefined") return;
  const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  const href = `/${manifestFor(role)}`;
  if (link && link.getAttribute("href") !== href) link.setAttribute("href", href);
}
