// See docs/decisions/035-throttling-that-spares-the-owner.md.

/** The wait after the first failure past the free ones. */
export const FIRST_WAIT_SECONDS = 15;
/** The longest wait: a run of failures slows guessing down, it never locks anyone out for long. */
export const MAX_WAIT_SECONDS = 15 * 60;

/**
 * Seconds to wait after the `failures`-th failure in a row when the first `free` cost nothing:
 * 0 before `free`, then FIRST_WAIT_SECONDS, doubling with each further failure up to MAX_WAIT_SECONDS.
 */
export function waitAfterFailures(failures: number, free: number): number {
  if (failures < free) return 0;
  // The exponent is capped first so that a long run cannot overflow to Infinity.
  const doublings = Math.min(failures - free, 32);
  return Math.min(MAX_WAIT_SECONDS, FIRST_WAIT_SECONDS * 2 ** doublings);
}
