import { isUpstreamError } from "~/upstream/errors";

/** The outcome of one independent upstream call of a page: its value, or that it failed. */
export type Settled<T> = { ok: true; value: T } | { ok: false };

/**
 * Runs independent upstream calls together and lets each fail alone, so one failing card does
 * not take the page down. Anything that is not an upstream failure (a redirect to /login after
 * a 401, a bug) is rethrown.
 */
export async function settleAll<T extends readonly unknown[]>(calls: { [K in keyof T]: Promise<T[K]> }): Promise<{
  [K in keyof T]: Settled<T[K]>;
}> {
  const results = await Promise.allSettled(calls);
  return results.map((result) => {
    if (result.status === "fulfilled") return { ok: true, value: result.value };
    if (isUpstreamError(result.reason)) return { ok: false };
    throw result.reason;
  }) as { [K in keyof T]: Settled<T[K]> };
}
