import { requestRecord } from "~/lib/request-context.server";

/** How many calls this request has sent to the upstream API so far (attempts included). */
const sends = requestRecord(() => ({ count: 0 }));

/**
 * Runs `work` and tells whether it sent at least one call to the upstream API (see
 * noteUpstreamSend): the request's count of sends grew while it ran. Nothing else of the request
 * runs meanwhile (it is the action, run by runOnce before any loader), and the count follows the
 * request's router context rather than a Request object, so a call made with any request (the
 * detached one of runOnce, or the original) counts.
 */
export async function trackUpstreamReach<T>(work: () => Promise<T>): Promise<{ value: T; reached: boolean }> {
  const before = sends()?.count ?? 0;
  const value = await work();
  return { value, reached: (sends()?.count ?? 0) > before };
}

/** Counts a call leaving for the upstream API (the client calls it before each attempt). */
export function noteUpstreamSend(): void {
  const record = sends();
  if (record) record.count++;
}

/**
 * Counts a change of the panel's own as a send (a staff note added, a saved message deleted: a
 * panel-only step that was done), so runOnce remembers its answer like a sent call's and a repeat
 * of its one-time key (a double click without JavaScript) changes nothing twice (decision 076).
 */
export function notePanelChange(): void {
  noteUpstreamSend();
}
