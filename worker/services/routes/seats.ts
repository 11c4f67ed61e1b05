import { type SQL, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { riders } from "#db/schema/index.ts";

/**
 * Seats of a run (ADR 0046): the riders of a route on a weekday are the assignments for that
 * weekday whose dates overlap (counted conservatively: two riders whose ranges overlap the new one's
 * count even if they never overlap each other). One rule, used by the guarded insert and by the
 * messages that report the numbers.
 */

const FAR = "9999-12-31";

/**
 * Riders of `routeId` on weekday `day` whose dates overlap [`from`, `to`], other than `except`'s (a
 * child's id, or a condition on `riders` rows). Values or SQL expressions (the CSV import checks
 * every row of a file in one statement, ADR 0052).
 */
export function ridersOnDay(
  routeId: string | SQL,
  day: number | SQL,
  range: { from: string | SQL; to: string | null | SQL },
  except?: string | SQL,
): SQL {
  const others =
    except === undefined
      ? sql``
      : typeof except === "string"
        ? sql`and ${riders.childId} <> ${except}`
        : sql`and not (${except})`;
  return sql`(select count(*) from ${riders} where ${riders.routeId} = ${routeId} and ((${riders.weekdays} >> ${day}) & 1) = 1
    and ${riders.fromDate} <= coalesce(${range.to}, ${FAR}) and coalesce(${riders.toDate}, ${FAR}) >= ${range.from}
    ${others})`;
}

/** The same rule for rows already read: does `rider` ride on weekday `day` within [`from`, `to`]? */
export function ridesOnDay(
  rider: { weekdays: number; fromDate: string; toDate: string | null },
  day: number,
  range: { from: string; to: string | null },
): boolean {
  return (
    ((rider.weekdays >> day) & 1) === 1 && rider.fromDate <= (range.to ?? FAR) && (rider.toDate ?? FAR) >= range.from
  );
}

/** The weekday with the most riders on a route from `from` on, and how many (null without riders). */
export async function busiestDay(
  db: Db,
  routeId: string,
  from: string,
): Promise<{ day: number; riders: number } | null> {
  const range = { from, to: null };
  const columns = [0, 1, 2, 3, 4, 5, 6].map((day) => sql`${ridersOnDay(routeId, day, range)} as ${sql.raw(`d${day}`)}`);
  const row = (await db.all<Record<string, number>>(sql`select ${sql.join(columns, sql`, `)}`))[0];
  const counts = [0, 1, 2, 3, 4, 5, 6].map((day) => Number(row?.[`d${day}`] ?? 0));
  let best: { day: number; riders: number } | null = null;
  counts.forEach((count, day) => {
    if (count > 0 && (!best || count > best.riders)) best = { day, riders: count };
  });
  return best;
}
