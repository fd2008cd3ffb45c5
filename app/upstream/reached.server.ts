import { AsyncLocalStorage } from "node:async_hooks";

/** Whether anything was sent to the upstream API while a piece of work ran. */
interface Reach {
  sent: boolean;
}

const reaches = new AsyncLocalStorage<Reach>();

/**
 * Runs `work` and tells whether it sent at least one call to the upstream API (see
 * noteUpstreamSend). The calls follow the async context rather than a Request object, so a call
 * made with any request (the detached one of runOnce, or the original) is seen.
 */
export async function trackUpstreamReach<T>(work: () => Promise<T>): Promise<{ value: T; reached: boolean }> {
  const reach: Reach = { sent: false };
  const value = await reaches.run(reach, work);
  return { value, reached: reach.sent };
}

/** Tells the tracking work, if any, that a call is leaving for the upstream API (the client calls it). */
export function noteUpstreamSend(): void {
  const reach = reaches.getStore();
  if (reach) reach.sent = true;
}
