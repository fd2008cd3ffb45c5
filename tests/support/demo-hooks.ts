/** Test hooks of the demo API (`/__demo/*`), for seeing what reached the upstream. */

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
}

async function hook<T>(demoUrl: string, path: string, init?: RequestInit): Promise<T> {
  const response = await fetch(`${demoUrl}/__demo${path}`, init);
  if (!response.ok) throw new Error(`demo hook ${path} answered ${response.status}`);
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

/** Injects a fault into the demo API. */
export async function injectFault(demoUrl: string, fault: Fault): Promise<void> {
  await hook(demoUrl, "/faults", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(fault),
  });
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
