import { data } from "react-router";

import { env } from "~/config/env.server";
import { queueDays, type QueueDay } from "~/insights/queue-figures";
import { rollupStore } from "~/insights/rollup-store.server";
import { adminTotals, dayOf, dayTotals, PERIODS, type Counts } from "~/insights/rollup";
import { logLine } from "~/lib/log.server";

const rollups = rollupStore();

/** The period `?days=` asks for: one offered, else the default with the message that says so. */
export function periodOf(url: URL) {
  const asked = url.searchParams.get("days");
  const period = PERIODS.find((days) => String(days) === asked) ?? (asked === null ? PERIODS[0] : null);
  const periodError =
    period === null ? `Choose a period of ${PERIODS.join(", ").replace(/, (\d+)$/, " or $1")} days.` : null;
  return { asked, days: period ?? PERIODS[0], periodError };
}

/** The figures of the last `days` days (today included) from the roll-ups: one read of the state, never the trail. */
export async function insightFigures(days: number, now = Date.now()) {
  const timeZone = env().APP_TIMEZONE;
  const read = await rollups.read(dayOf(now, timeZone), days);
  return {
    timeZone,
    perDay: read.days.map(({ day, rollup }) => ({ day, counts: dayTotals(rollup) })),
    perAdmin: adminTotals(read.days.map(({ rollup }) => rollup)).map(([admin, counts]) => ({ admin, counts })),
    queue: queueDays(read.days, read.before, timeZone, now),
  };
}

/**
 * /insights (docs/product.md#insights): the period from the URL, then the roll-ups of its days
 * (one read of as many keys as days, never the trail), summed per day and per admin. A period
 * that is not offered is a 400 with the default's figures; roll-ups that cannot be read, a 503.
 */
export async function loadInsights(request: Request) {
  const { asked, days, periodError } = periodOf(new URL(request.url));
  try {
    const answer = { days, asked: asked ?? "", periodError, error: null, ...(await insightFigures(days)) };
    return periodError ? data(answer, { status: 400 }) : answer;
  } catch (error) {
    logLine("error", "insights roll-ups could not be read", {
      error: error instanceof Error ? error.message : String(error),
    });
    return data(
      {
        days,
        asked: asked ?? "",
        periodError,
        error: "The insights could not be read. Please try again.",
        timeZone: env().APP_TIMEZONE,
        perDay: [] as { day: string; counts: Counts }[],
        perAdmin: [] as { admin: string; counts: Counts }[],
        queue: [] as QueueDay[],
      },
      { status: 503 },
    );
  }
}
