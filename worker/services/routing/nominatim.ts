/**
 * Address search through a Nominatim-compatible geocoder (GEOCODER_URL, ADR 0054):
 * `GET {base}/search?q=…&format=jsonv2&limit=n[&viewbox=west,north,east,south&bounded=0]` answers
 * an array of places, each with `lat`, `lon` (strings in Nominatim, numbers in some compatible
 * servers) and `display_name`. Server only. The answer is never trusted: a body over
 * `MAX_RESPONSE_BYTES`, an HTTP error, something that is not that array, or coordinates off the
 * globe throw, and the caller turns any failure into one clear message.
 */
import { z } from "zod";
import type { LatLng } from "#shared/route-order.ts";
import type { Fetch } from "./osrm.ts";

/** Past this the request is abandoned. */
export const GEOCODER_TIMEOUT_MS = 5_000;
/** Five places are a few kilobytes; a larger answer is not one we asked for. */
export const MAX_RESPONSE_BYTES = 256 * 1024;
/** Places in an answer we read at most (we ask for fewer; a server that sends more is refused). */
const MAX_PLACES = 50;
/** A place's name as offered to the admin, at most (Nominatim's are a few hundred characters). */
export const MAX_LABEL = 300;

/** The area to prefer, in degrees: west, south, east, north. */
export type ViewBox = { west: number; south: number; east: number; north: number };

export type Place = LatLng & { label: string };

const degrees = (min: number, max: number) =>
  z
    .union([z.string().max(40), z.number()])
    .transform((value) => (typeof value === "number" ? value : value.trim() === "" ? Number.NaN : Number(value)))
    .pipe(z.number().min(min).max(max));

const answerSchema = z
  .array(
    z.object({
      lat: degrees(-90, 90),
      lon: degrees(-180, 180),
      display_name: z.string().min(1).max(2_000),
    }),
  )
  .max(MAX_PLACES);

/** The search request's URL. */
export function searchUrl(geocoderUrl: string, query: string, limit: number, viewBox: ViewBox | null): string {
  const params = new URLSearchParams({ q: query, format: "jsonv2", limit: String(limit) });
  if (viewBox) {
    const { west, south, east, north } = viewBox;
    params.set("viewbox", [west, north, east, south].map((value) => value.toFixed(5)).join(","));
    params.set("bounded", "0");
  }
  return `${geocoderUrl}/search?${params}`;
}

/** The body as text, refusing one over `maxBytes` (as declared, or as it streams in). */
async function cappedText(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get("content-length"));
  if (declared > maxBytes) throw new Error(`answer of ${declared} bytes`);
  if (!response.body) return "";
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new Error(`answer over ${maxBytes} bytes`);
    }
    text += decoder.decode(value, { stream: true });
  }
}

/** The places the geocoder finds for `query`, at most `limit`, or an error saying why not. */
export async function searchPlaces(
  deps: { geocoderUrl: string; userAgent: string; fetch: Fetch; timeoutMs?: number },
  query: string,
  options: { limit: number; viewBox: ViewBox | null },
): Promise<Place[]> {
  const response = await deps.fetch(searchUrl(deps.geocoderUrl, query, options.limit, options.viewBox), {
    headers: { Accept: "application/json", "User-Agent": deps.userAgent },
    redirect: "error",
    signal: AbortSignal.timeout(deps.timeoutMs ?? GEOCODER_TIMEOUT_MS),
  });
  if (!response.ok) {
    await response.body?.cancel();
    throw new Error(`HTTP ${response.status}`);
  }
  const places = answerSchema.parse(JSON.parse(await cappedText(response, MAX_RESPONSE_BYTES)));
  return places
    .slice(0, options.limit)
    .map((place) => ({
      label: place.display_name
        .replaceAll(/\p{Cc}+/gu, " ")
        .trim()
        .slice(0, MAX_LABEL)
        .toWellFormed(),
      lat: place.lat,
      lng: place.lon,
    }))
    .filter((place) => place.label !== "");
}
