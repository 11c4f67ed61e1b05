/**
 * The web app manifests (ADR 0067), written to dist/ by the build (vite.config.ts): one app, whose
 * start URL is the installing user's home. A parent's phone opens on /parent and a driver's on
 * /driver (the role-home shells the service worker precaches); anyone else's on /. A signed-in page
 * links the one for its session's role (web/src/pwa/manifest-link.ts).
 */

export const THEME_COLOUR = "#f59e0b";
const BACKGROUND_COLOUR = "#ffffff";

/** File name → start URL. */
export const MANIFESTS = {
  "manifest.webmanifest": "/",
  "parent.webmanifest": "/parent",
  "driver.webmanifest": "/driver",
} as const;

export type ManifestFile = keyof typeof MANIFESTS;

export function appManifest(startUrl: string) {
  return {
    // One app whichever start URL installed it.
    id: "/",
    name: "SchoolRide",
    short_name: "SchoolRide",
    // i18n-ignore: one manifest for every reader (written at build time); the name is the brand.
    description: "Safe, simple school transportation for schools and parents.",
    start_url: startUrl,
    scope: "/",
    display: "standalone",
    orientation: "portrait",
    theme_color: THEME_COLOUR,
    background_color: BACKGROUND_COLOUR,
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
}
