/**
 * A Nominatim stand-in for the journeys (GEOCODER_URL of the e2e server, ADR 0054): `/search`
 * answers places near the demo school (Naperville) for any text, none for "nowhere"; `/health`
 * tells Playwright it is up. Run by playwright.config.ts beside the app.
 */
import { createServer } from "node:http";

const PORT = Number(process.env.PORT ?? 9791);

const FAKE_PLACES = [
  {
    lat: "41.7731",
    lon: "-88.1502",
    display_name: "120, Main Street, Naperville, DuPage County, Illinois, 60540, United States",
  },
  {
    lat: "41.7662",
    lon: "-88.1587",
    display_name: "Main Street Promenade, Naperville, DuPage County, Illinois, 60540, United States",
  },
  {
    lat: "41.7508",
    lon: "-88.1535",
    display_name:
      "Naperville Public Library, Nichols Library, 200, West Jefferson Avenue, Downtown Naperville, Naperville, DuPage County, Illinois, 60540, United States",
  },
];

createServer((request, response) => {
  const url = new URL(request.url ?? "/", "http://fake");
  if (url.pathname === "/health") return void response.end("ok");
  if (url.pathname !== "/search") return void response.writeHead(404).end();
  const q = url.searchParams.get("q") ?? "";
  response.setHeader("content-type", "application/json");
  response.end(JSON.stringify(q.toLowerCase() === "nowhere" ? [] : FAKE_PLACES));
}).listen(PORT, "127.0.0.1");
