/**
 * Test hooks of the demo API (`/__demo/*`), for seeing what reached the upstream and for making
 * it fail or hold calls until the test releases them (holdCalls).
 */

import type { OutboxMessage } from "../../demo-api/types";

/** One upstream call as the demo API recorded it. */
export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  hasSession: boolean;
  status: number;
  /** When the call arrived (ISO time); it is recorded when it is answered. */
  at: string;
}

/** A fault to inject: matching calls fail with `status` and/or wait `delayMs`. */
export interface Fault {
  method?: string;
  path: string;
  status?: number;
  delayMs?: number;
  times?: number;
  body?: unknown;
  /** Runs the call first (its effect happens upstream), then answers with `status` and `body`. */
  afterCall?: boolean;
  /** Query parameters a call must carry to match, e.g. `{ page: "3" }`. */
  query?: Record<string, string>;
}

async function hook<T>(demoUrl: string, path: string, init?: RequestInit): Promise<T> {
  const response = await fetch(`${demoUrl}/__demo${path}`, init);
  if (!response.ok) throw new Error(`demo hook ${path} answered ${response.status}: ${await response.text()}`);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Reseeds the demo data and clears the outbox, request log and faults. */
export async function resetDemo(demoUrl: string): Promise<void> {
  await hook(demoUrl, "/reset", { method: "POST" });
}

/** The upstream calls recorded since the last reset, optionally those under a path prefix. */
export async function recordedRequests(demoUrl: string, pathPrefix?: string): Promise<RecordedRequest[]> {
  const query = pathPrefix ? `?path=${encodeURIComponent(pathPrefix)}` : "";
  return (await hook<{ data: RecordedRequest[] }>(demoUrl, `/requests${query}`)).data;
}

/** Forgets the recorded upstream calls. */
export async function clearRecordedRequests(demoUrl: string): Promise<void> {
  await hook(demoUrl, "/requests", { method: "DELETE" });
}

/** Registers a fault (POST /__demo/faults); resolves with its id. */
async function addFault(demoUrl: string, fault: Fault & { hold?: true }): Promise<number> {
  const { data } = await hook<{ data: { id: number } }>(demoUrl, "/faults", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(fault),
  });
  return data.id;
}

/** Injects a fault into the demo API. To keep a call pending, hold it (holdCalls). */
export async function injectFault(demoUrl: string, fault: Fault): Promise<void> {
  await addFault(demoUrl, fault);
}

/** Calls the demo API keeps waiting, before they run, until the test releases them. */
export interface HeldCalls {
  /** Resolves once `count` matching calls (one unless told) have arrived: they are in flight, held. */
  arrived(count?: number): Promise<void>;
  /** How many calls it holds now. */
  holding(): Promise<number>;
  /** Resolves once the callers of `count` held calls (one unless told) have closed their connections: they gave up. */
  gone(count?: number): Promise<void>;
  /**
   * Lets the held calls go on (they run and are answered) and stops holding: later calls pass.
   * Resolves with how many it let go, once each has been answered.
   */
  release(): Promise<number>;
}

/**
 * Holds the matching /api calls (`times` of them, or all) until `release()`: the way to keep an
 * upstream call pending while a test looks at the panel, with no clock involved. Clearing the
 * faults or resetting the demo drops held calls unanswered by the handler (503), so none outlives
 * its test.
 *
 *   const held = await holdCalls(demoUrl, { method: "GET", path: "/users", times: 1 });
 *   // ... make the panel call it ...
 *   await held.arrived();
 *   // ... check what the panel shows while the call is pending ...
 *   await held.release();
 */
export async function holdCalls(
  demoUrl: string,
  calls: { method?: string; path: string; times?: number; query?: Record<string, string> },
): Promise<HeldCalls> {
  const id = await addFault(demoUrl, { ...calls, hold: true });
  return {
    async arrived(count = 1) {
      await hook(demoUrl, `/faults/${id}/arrived?count=${count}`);
    },
    async gone(count = 1) {
      await hook(demoUrl, `/faults/${id}/gone?count=${count}`);
    },
    async holding() {
      return (await hook<{ data: { held: number } }>(demoUrl, `/faults/${id}`)).data.held;
    },
    async release() {
      return (await hook<{ data: { released: number } }>(demoUrl, `/faults/${id}/release`, { method: "POST" })).data
        .released;
    },
  };
}

/** Adds `count` members to the demo data (POST /__demo/seed-users); resolves with the users' new total. */
export async function seedUsers(demoUrl: string, count: number): Promise<number> {
  const { data } = await hook<{ data: { users: number } }>(demoUrl, "/seed-users", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ count }),
  });
  return data.users;
}

/** Removes every injected fault. */
export async function clearFaults(demoUrl: string): Promise<void> {
  await hook(demoUrl, "/faults", { method: "DELETE" });
}

/** One email or push the demo API "sent". */
export type { OutboxMessage };

/** The messages the demo API "sent", optionally to one address. */
export async function outbox(demoUrl: string, to?: string): Promise<OutboxMessage[]> {
  const query = to ? `?to=${encodeURIComponent(to)}` : "";
  return (await hook<{ data: OutboxMessage[] }>(demoUrl, `/outbox${query}`)).data;
}
