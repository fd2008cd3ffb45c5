/**
 * The panel's clock for what it schedules (ban ends, strikes' lapse): Date.now(), except in tests.
 * With NODE_ENV=test and PANEL_TEST_CLOCK_FILE set (the environment check refuses that file under
 * any other NODE_ENV), the file holds how many milliseconds the clock is ahead, so a test moves
 * the time of running panels forward by writing it (decision 075).
 */
import { readFileSync } from "node:fs";

import { env } from "~/config/env.server";

/** The time now, epoch milliseconds. */
export function now(): number {
  const file = env().NODE_ENV === "test" ? env().PANEL_TEST_CLOCK_FILE : undefined;
  if (!file) return Date.now();
  let ahead = 0;
  try {
    ahead = Number(readFileSync(file, "utf8").trim()) || 0;
  } catch {
    // No file yet: the clock is not moved.
  }
  return Date.now() + ahead;
}
