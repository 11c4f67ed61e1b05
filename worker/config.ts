import { z } from "zod";
import { type VapidKeys, vapidKeysLookValid } from "./services/push/vapid.ts";

/**
 * Configuration, validated once at start. Local mode (no Stripe and no e-mail keys) uses the
 * simulators and the dev mailbox; production must set every secret, or start-up fails clearly.
 */
const rawConfigSchema = z.object({
  /** `production` refuses to start without every secret; unset means "local unless secrets are set". */
  APP_ENV: z.enum(["production", "local"]).optional(),
  APP_URL: z.url().default("http://localhost:8787"),
  DATABASE_URL: z.string().min(1).optional(),
  DATABASE_AUTH_TOKEN: z.string().min(1).optional(),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_CONNECT_WEBHOOK_SECRET: z.string().min(1).optional(),
  RESEND_API_KEY: z.string().min(1).optional(),
  RESEND_WEBHOOK_SECRET: z.string().min(1).optional(),
  EMAIL_FROM: z.string().min(3).default("SchoolRide <no-reply@schoolride.example>"),
  STRIPE_PRICE_STARTER: z.string().min(1).optional(),
  STRIPE_PRICE_PROFESSIONAL: z.string().min(1).optional(),
  STRIPE_PRICE_ENTERPRISE: z.string().min(1).optional(),
  DEVICE_COOKIE_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  /** Map tiles, `https://host/{z}/{x}/{y}.png`, or `off`; unset means OpenStreetMap's in production, none locally (ADR 0048). */
  MAP_TILES_URL: z.string().min(1).optional(),
  /** The tiles' attribution, shown on every map; required with MAP_TILES_URL. */
  MAP_ATTRIBUTION: z.string().min(1).max(200).optional(),
  /** Where the attribution links to (the provider's copyright page). */
  MAP_ATTRIBUTION_URL: z.url({ protocol: /^https$/ }).optional(),
  /** An OSRM-compatible routing server; unset means straight-line distances (local mode, tests). */
  ROUTING_URL: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
  /** A Nominatim-compatible geocoder; unset means no address search (local mode, tests; ADR 0054). */
  GEOCODER_URL: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
  /** Web push's VAPID key pair (ADR 0068): the public key (base64url, 65 bytes) and the private `d` (a secret). */
  VAPID_PUBLIC_KEY: z.string().min(1).optional(),
  VAPID_PRIVATE_KEY: z.string().min(1).optional(),
  /** Who sends the pushes, as push services ask (`mailto:` or https); defaults to mailto:push@ the app's host. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)\S+$/, "must be a mailto: or https:// URL")
    .optional(),
});

export type AppConfig = {
  appUrl: string;
  /** Origin of APP_URL, e.g. `https://app.schoolride.example`; the only origin allowed to post. */
  appOrigin: string;
  /** True when no Stripe or e-mail key is set: simulators, dev mailbox, demo seed. */
  localMode: boolean;
  /** Cookies get `Secure` and the `__Host-` prefix unless the app runs on plain http://localhost. */
  secureCookies: boolean;
  databaseUrl: string | undefined;
  databaseAuthToken: string | undefined;
  stripeSecretKey: string | undefined;
  stripeWebhookSecret: string | undefined;
  /** Signing secret of the Connect endpoint (events of the schools' connected accounts). */
  stripeConnectWebhookSecret: string | undefined;
  resendApiKey: string | undefined;
  resendWebhookSecret: string | undefined;
  emailFrom: string;
  /** Stripe price ids of the monthly plans (local mode: the simulator's own ids). */
  stripePrices: { starter: string; professional: string; enterprise: string };
  /** HMAC key of the sign-in device cookies (ADR 0035); a fixed public one in local mode. */
  deviceCookieSecret: string;
  /** The maps' background tiles, or null: stops and lines on a plain background (ADR 0048). */
  mapTiles: MapTiles | null;
  /** Base URL of an OSRM-compatible server for road distances, without a trailing slash; unset: straight lines. */
  routingUrl: string | undefined;
  /** Base URL of a Nominatim-compatible geocoder, without a trailing slash; unset: no address search (ADR 0054). */
  geocoderUrl: string | undefined;
  /**
   * Web push's VAPID keys (ADR 0068); null: no push (a local install without them: the Node entry
   * generates a pair once and keeps it beside its database).
   */
  vapid: VapidKeys | null;
};

/** What the browser needs to draw tiles; `origin` is the one host the CSP lets images come from. */
export type MapTiles = { urlTemplate: string; origin: string; attribution: string; attributionUrl: string | null };

/** The production default: OpenStreetMap's standard tiles, no API key (their tile usage policy applies; ADR 0048). */
export const OSM_TILES = {
  urlTemplate: "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
  origin: "https://tile.openstreetmap.org",
  attribution: "© OpenStreetMap contributors",
  attributionUrl: "https://www.openstreetmap.org/copyright",
} as const satisfies MapTiles;

export class ConfigError extends Error {
  override name = "ConfigError";
}

const PRODUCTION_SECRETS = [
  "STRIPE_SECRET_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "STRIPE_CONNECT_WEBHOOK_SECRET",
  "RESEND_API_KEY",
  "RESEND_WEBHOOK_SECRET",
] as const;
const PRICE_VARIABLES = ["STRIPE_PRICE_STARTER", "STRIPE_PRICE_PROFESSIONAL", "STRIPE_PRICE_ENTERPRISE"] as const;

/**
 * The device-cookie key of local mode. It is public, so production refuses it: with it anyone could
 * mint device cookies and escape the per-account sign-in lockout (ADR 0035).
 */
export const LOCAL_DEVICE_COOKIE_SECRET = "schoolride-local-device-cookies-not-for-production";

/** The simulator's price ids, used when no Stripe key is set. */
export const LOCAL_PRICES = {
  starter: "price_local_starter",
  professional: "price_local_professional",
  enterprise: "price_local_enterprise",
} as const;

/**
 * MAP_TILES_URL and MAP_ATTRIBUTION(_URL) → the tiles, or null. Unset: OpenStreetMap's in production,
 * none in local mode (tests and offline machines have no tile server); `off` turns them off anywhere.
 * A template names one literal host (no `{s}` subdomains), so the CSP allows exactly that host.
 */
function mapTilesOf(raw: z.infer<typeof rawConfigSchema>, localMode: boolean): MapTiles | null {
  const template = raw.MAP_TILES_URL;
  if (template === "off") return null;
  if (template === undefined) {
    if (raw.MAP_ATTRIBUTION !== undefined || raw.MAP_ATTRIBUTION_URL !== undefined) {
      throw new ConfigError("MAP_ATTRIBUTION is the attribution of MAP_TILES_URL's tiles: set MAP_TILES_URL too.");
    }
    return localMode ? null : OSM_TILES;
  }
  const refuse = (why: string) => new ConfigError(`Invalid configuration: MAP_TILES_URL: ${why}`);
  for (const placeholder of ["{z}", "{x}", "{y}"])
    if (!template.includes(placeholder)) throw refuse(`must contain ${placeholder}.`);
  const url = URL.parse(template.replaceAll(/\{[a-z]\}/g, "0"));
  const authority = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(template)?.[1] ?? "";
  if (!url || /[{}]/.test(authority))
    throw refuse(
      "must be a URL template like https://tiles.example.com/{z}/{x}/{y}.png, on one literal host (no {s}).",
    );
  const isLocalHost = url.hostname === "localhost" || url.hostname === "127.0.0.1";
  if (url.protocol !== "https:" && !(url.protocol === "http:" && isLocalHost))
    throw refuse("must be https (http only for localhost).");
  if (url.username || url.password) throw refuse("must not carry credentials.");
  if (raw.MAP_ATTRIBUTION === undefined)
    throw new ConfigError(
      "MAP_TILES_URL needs MAP_ATTRIBUTION: every tile provider asks for its attribution on the map.",
    );
  return {
    urlTemplate: template,
    origin: url.origin,
    attribution: raw.MAP_ATTRIBUTION,
    attributionUrl: raw.MAP_ATTRIBUTION_URL ?? null,
  };
}

/** VAPID_* → the keys, or null in local mode without them; production needs a valid pair. */
function vapidOf(raw: z.infer<typeof rawConfigSchema>, localMode: boolean, appUrl: URL): VapidKeys | null {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = raw;
  if (publicKey === undefined && privateKey === undefined) {
    if (localMode) return null;
    throw new ConfigError(
      "Production mode needs VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (web push): generate a pair once with `npx tsx scripts/vapid-keys.ts`.",
    );
  }
  if (publicKey === undefined || privateKey === undefined || !vapidKeysLookValid({ publicKey, privateKey }))
    throw new ConfigError(
      "VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together: a base64url P-256 public key (65 bytes) and its private key (32 bytes).",
    );
  return { publicKey, privateKey, subject: raw.VAPID_SUBJECT ?? `mailto:push@${appUrl.hostname}` };
}

export function loadConfig(env: Record<string, unknown>): AppConfig {
  const picked = Object.fromEntries(
    Object.keys(rawConfigSchema.shape).map((key) => [
      key,
      typeof env[key] === "string" && env[key] !== "" ? env[key] : undefined,
    ]),
  );
  const parsed = rawConfigSchema.safeParse(picked);
  if (!parsed.success) {
    const detail = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ");
    throw new ConfigError(`Invalid configuration: ${detail}`);
  }
  const raw = parsed.data;
  const localMode =
    raw.APP_ENV === "local" || (raw.APP_ENV === undefined && PRODUCTION_SECRETS.every((key) => raw[key] === undefined));
  if (localMode && raw.APP_ENV === "local" && PRODUCTION_SECRETS.some((key) => raw[key] !== undefined)) {
    throw new ConfigError("APP_ENV=local cannot be combined with production secrets.");
  }
  if (!localMode) {
    const missing = PRODUCTION_SECRETS.filter((key) => raw[key] === undefined);
    if (missing.length > 0) {
      throw new ConfigError(
        `Production mode needs every secret; missing: ${missing.join(", ")}. Unset all of them for local mode.`,
      );
    }
    const missingPrices = PRICE_VARIABLES.filter((key) => raw[key] === undefined);
    if (missingPrices.length > 0)
      throw new ConfigError(`Production mode needs the plan prices; missing: ${missingPrices.join(", ")}.`);
    if (!raw.DATABASE_URL || raw.DATABASE_URL.startsWith("file:")) {
      throw new ConfigError("Production mode needs DATABASE_URL pointing at Turso (libsql://…).");
    }
    if (raw.DEVICE_COOKIE_SECRET === undefined || raw.DEVICE_COOKIE_SECRET === LOCAL_DEVICE_COOKIE_SECRET) {
      throw new ConfigError(
        "Production mode needs DEVICE_COOKIE_SECRET: at least 32 random characters (e.g. `openssl rand -base64 32`), not the local one.",
      );
    }
  }
  const url = new URL(raw.APP_URL);
  const vapid = vapidOf(raw, localMode, url);
  const isLocalHost = url.hostname === "localhost" || url.hostname === "127.0.0.1";
  return {
    appUrl: raw.APP_URL.replace(/\/$/, ""),
    appOrigin: url.origin,
    localMode,
    secureCookies: !(url.protocol === "http:" && isLocalHost),
    databaseUrl: raw.DATABASE_URL,
    databaseAuthToken: raw.DATABASE_AUTH_TOKEN,
    stripeSecretKey: raw.STRIPE_SECRET_KEY,
    stripeWebhookSecret: raw.STRIPE_WEBHOOK_SECRET,
    stripeConnectWebhookSecret: raw.STRIPE_CONNECT_WEBHOOK_SECRET,
    resendApiKey: raw.RESEND_API_KEY,
    resendWebhookSecret: raw.RESEND_WEBHOOK_SECRET,
    emailFrom: raw.EMAIL_FROM,
    stripePrices: {
      starter: raw.STRIPE_PRICE_STARTER ?? LOCAL_PRICES.starter,
      professional: raw.STRIPE_PRICE_PROFESSIONAL ?? LOCAL_PRICES.professional,
      enterprise: raw.STRIPE_PRICE_ENTERPRISE ?? LOCAL_PRICES.enterprise,
    },
    deviceCookieSecret: raw.DEVICE_COOKIE_SECRET ?? LOCAL_DEVICE_COOKIE_SECRET,
    mapTiles: mapTilesOf(raw, localMode),
    routingUrl: raw.ROUTING_URL?.replace(/\/+$/, ""),
    geocoderUrl: raw.GEOCODER_URL?.replace(/\/+$/, ""),
    vapid,
  };
}
