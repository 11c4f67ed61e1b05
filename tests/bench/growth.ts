/**
 * `npm run bench -- --growth [--quick] [--only=<part of a list's name>]`: only the list latencies
 * (section 3 of run.ts) at each scale, printed with their growth; nothing is written. For working
 * on one list without the six minutes of the full run.
 */
import { loadavg } from "node:os";
import type { ListPath } from "./hot-paths.ts";
import { listLatencies } from "./measure.ts";
import { freePort, type ScaledDb, scaledDatabase } from "./servers.ts";

export async function growthOnly(scales: number[], lists: ListPath[], calls: number): Promise<void> {
  const appUrl = `http://localhost:${await freePort()}`;
  const load = loadavg()[0]!;
  const scaled: (ScaledDb & { rows: number })[] = [];
  try {
    for (const rows of scales) {
      scaled.push({ rows, ...(await scaledDatabase(rows, appUrl)) });
      console.log(`${rows} rows seeded in ${scaled.at(-1)!.seconds.toFixed(1)} s`);
    }
    const medians = await listLatencies(scaled, appUrl, lists, calls);
    const [first, last] = [scales[0]!, scales.at(-1)!];
    for (const [name, byScale] of Object.entries(medians)) {
      const figures = scales.map((rows) => `${byScale[rows]!.toFixed(3)} ms`).join(" · ");
      console.log(`${name.padEnd(32)} ${figures}  growth ${(byScale[last]! / byScale[first]!).toFixed(2)}×`);
    }
  } finally {
    for (const db of scaled) db.remove();
  }
  console.log(
    `medians of ${calls} calls per scale; load average (1 min) ${load.toFixed(2)} at the start, ${loadavg()[0]!.toFixed(2)} at the end`,
  );
}
