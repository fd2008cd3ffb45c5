import { data } from "react-router";

import { env } from "~/config/env.server";
import { rollupStore } from "~/insights/rollup-store.server";
import { adminTotals, dayOf, dayTotals, PERIODS, type Counts } from "~/insights/rollup";
import { logLine } from "~/lib/log.server";

const rollups = rollupStore();

/**
 * /insights (docs/product.md#insights): the period from the URL, then the roll-ups of its days
 * (one read of as many keys as days, never the trail), summed per day and per admin. A period
 * that is not offered is a 400 with the default's figures; roll-ups that cannot be read, a 503.
 */
export async function loadInsights(request: Request) {
  const asked = new URL(request.url).searchParams.get("days");
  const period = PERIODS.find((days) => String(days) === asked) ?? (asked === null ? PERIODS[0] : null);
  const days = period ?? PERIODS[0];
  const periodError =
    period === null ? `Choose a period of ${PERIODS.join(", ").replace(/, (\d+)$/, " or $1")} days.` : null;
  const today = dayOf(Date.now(), env().APP_TIMEZONE);
  try {
    const read = await rollups.read(today, days);
    const answer = {
      days,
      asked: asked ?? "",
      periodError,
      error: null,
      timeZone: env().APP_TIMEZONE,
      perDay: read.map(({ day, rollup }) => ({ day, counts: dayTotals(rollup) })),
      perAdmin: adminTotals(read.map(({ rollup }) => rollup)).map(([admin, counts]) => ({ admin, counts })),
    };
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
      },
      { status: 503 },
    );
  }
}
