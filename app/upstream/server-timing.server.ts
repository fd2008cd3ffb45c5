import { createContext } from "react-router";

import { requestContext } from "~/lib/request-context.server";

/** How one upstream call ended, as the client saw it. */
export interface UpstreamOutcome {
  /** Requests sent: 1, or more when the call was retried (reads, and the logout). */
  attempts: number;
  /** Status of the last answer, when one came. */
  status?: number;
  /** Why the call failed without a usable answer (timeout, network, aborted, invalid-response). */
  failure?: string;
}

/** One finished upstream call, for the Server-Timing header. */
export interface UpstreamTiming extends UpstreamOutcome {
  method: string;
  /** The endpoint's path pattern (`/users/:id`), or its path; never a query. */
  path: string;
  /** When the call started, in ms since the recorder started: entries are listed in this order. */
  startMs: number;
  /** From the call's start to its answer or failure, every attempt and retry wait included. */
  durationMs: number;
}

/** What a recorder may put in its header. */
export interface ServerTimingAudience {
  /**
   * True for a signed-in admin: the header lists every upstream call (path pattern, status,
   * duration). Anyone else gets only `total`: the upstream's paths, answers and timings are a
   * map of the back end that a stranger at the sign-in form has no use for.
   */
  showCalls: boolean;
}

/**
 * The upstream calls of one panel request. The Express layer makes one per request and hands it
 * to React Router in the router context (serverTimingContext); the upstream client reports each
 * call to the recorder of the request it serves.
 */
export class ServerTimingRecorder {
  private readonly startedAt = performance.now();
  private readonly calls: UpstreamTiming[] = [];

  constructor(private readonly audience: ServerTimingAudience) {}

  /** Milliseconds since the recorder started. */
  elapsed(): number {
    return performance.now() - this.startedAt;
  }

  /** Adds a finished call. */
  add(call: UpstreamTiming): void {
    this.calls.push(call);
  }

  /** The header value now: the calls finished so far (for a signed-in admin), and `total`, the time until now. */
  header(): string {
    return formatServerTiming(this.audience.showCalls ? this.calls : [], this.elapsed());
  }
}

/** The request's recorder in its router context: none for a render outside Express (the readiness probe). */
export const serverTimingContext = createContext<ServerTimingRecorder | null>(null);

/**
 * Starts timing one upstream call for the current request's recorder (none outside a request,
 * e.g. in tests of the client: then nothing is recorded). Call the returned function once,
 * when the call has ended, however it ended.
 */
export function timeUpstreamCall(method: string, path: string): (outcome: UpstreamOutcome) => void {
  const recorder = requestContext()?.get(serverTimingContext);
  if (!recorder) return () => {};
  const startMs = recorder.elapsed();
  return (outcome) => recorder.add({ method, path, startMs, durationMs: recorder.elapsed() - startMs, ...outcome });
}

/**
 * A Server-Timing value: `upstream-1;desc="GET /users";dur=12.3, ...` in start order, then
 * `total;dur=...`. Names are fixed tokens; each desc is a quoted-string.
 */
export function formatServerTiming(calls: readonly UpstreamTiming[], totalMs?: number): string {
  const entries = [...calls]
    .sort((a, b) => a.startMs - b.startMs)
    .map(
      (call, index) => `upstream-${index + 1};desc=${quotedString(describe(call))};dur=${duration(call.durationMs)}`,
    );
  if (totalMs !== undefined) entries.push(`total;dur=${duration(totalMs)}`);
  return entries.join(", ");
}

/**
 * `GET /users`, with what went wrong and the number of attempts when it is not a plain success:
 * `GET /users (404)`, `GET /users (timeout after 3 attempts)`. No commas or semicolons, which
 * naive readers of the header split on.
 */
function describe(call: UpstreamTiming): string {
  // A query holds search terms and tokens: only the path goes out, whatever the caller passed.
  const path = call.path.split(/[?#]/, 1)[0] ?? "";
  let note: string | undefined;
  if (call.failure && call.failure !== "http") note = call.failure;
  else if (call.status !== undefined && (call.status < 200 || call.status > 299)) note = String(call.status);
  if (call.attempts > 1) note = `${note ?? "ok"} after ${call.attempts} attempts`;
  return note ? `${call.method} ${path} (${note})` : `${call.method} ${path}`;
}

/** An RFC 9110 quoted-string: quotes and backslashes escaped, anything but printable ASCII replaced. */
export function quotedString(text: string): string {
  return `"${text.replace(/[^\t\x20-\x7e]/g, "?").replace(/["\\]/g, "\\$&")}"`;
}

function duration(ms: number): string {
  return String(Math.max(0, Math.round(ms * 10) / 10));
}
