/**
 * The /api pipeline: body (1 MB max), session, latency, faults (a held call waits here for its
 * release), JSON parsing, routing, access check, handler, error mapping, request log. Order
 * matters: faults apply before anything can fail, and every call is logged, faulted ones included.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { HttpMethod } from "../app/upstream/contract/common.ts";
import { checkAccess, findSession } from "./auth.ts";
import { ApiError } from "./errors.ts";
import type { FaultRegistry } from "./faults.ts";
import { panelOriginOf, readBody, requestOrigin, sendJson, sleep } from "./http.ts";
import { queryObject, redactPasswords, type RequestLog } from "./request-log.ts";
import type { ApiResult, Router } from "./router.ts";
import { normalizePath } from "./router.ts";
import type { DemoStore } from "./store.ts";
import type { UploadStore } from "./uploads.ts";

/** Largest accepted /api request body. */
export const API_BODY_LIMIT = 1024 * 1024;

/** What the pipeline needs from the server. */
export interface ApiDependencies {
  router: Router;
  store: DemoStore;
  uploads: UploadStore;
  faults: FaultRegistry;
  requestLog: RequestLog;
  latencyMs: number;
  panelOrigin: string;
  publicUrl: string | undefined;
  fallbackHost: () => string;
  log: ((line: string) => void) | null;
}

type ParsedBody = { ok: true; value: unknown } | { ok: false; raw: string };

function parseBody(bytes: Buffer, contentType: string): ParsedBody {
  if (bytes.length === 0) return { ok: true, value: undefined };
  const text = bytes.toString("utf8");
  // `curl -d '{...}'` labels JSON as a form; testers mean JSON, so JSON-looking text is JSON.
  const looksLikeJson = /^\s*[[{]/.test(text);
  if (contentType.includes("application/x-www-form-urlencoded") && !looksLikeJson) {
    return { ok: true, value: Object.fromEntries(new URLSearchParams(text)) };
  }
  // Like an Express json() parser, plus a missing content type and the curl case above.
  if (contentType === "" || contentType.includes("json") || looksLikeJson) {
    try {
      return { ok: true, value: JSON.parse(text) as unknown };
    } catch {
      return { ok: false, raw: text };
    }
  }
  return { ok: true, value: text };
}

/** Sends a fault's answer: JSON, or raw text when its body is a string (e.g. an HTML 502 page). */
function sendFault(res: ServerResponse, status: number, body: unknown): void {
  if (typeof body === "string") {
    res.writeHead(status, {
      "content-type": body.trimStart().startsWith("<") ? "text/html; charset=utf-8" : "text/plain; charset=utf-8",
    });
    res.end(body);
    return;
  }
  sendJson(res, status, body === undefined ? { message: "Injected fault" } : body);
}

/** Answers one request under /api. */
export async function handleApi(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  deps: ApiDependencies,
): Promise<void> {
  const started = Date.now();
  const method = (req.method ?? "GET").toUpperCase();
  const rawPath = url.pathname.slice("/api".length) || "/";
  const path = normalizePath(rawPath);
  const { bytes, tooLarge } = await readBody(req, API_BODY_LIMIT);
  const now = new Date();
  const session = findSession(deps.store.data, req.headers.cookie, now);
  const parsed = parseBody(bytes, String(req.headers["content-type"] ?? "").toLowerCase());
  let faultId: number | null = null;

  const finish = (status: number) => {
    deps.requestLog.record({
      method,
      path: rawPath,
      query: queryObject(url.searchParams),
      body: tooLarge ? "[too large]" : parsed.ok ? (redactPasswords(parsed.value) ?? null) : parsed.raw,
      hasSession: session !== null,
      role: session?.user.role ?? null,
      status,
      faultId,
      durationMs: Date.now() - started,
      at: now.toISOString(),
    });
    deps.log?.(`${method} ${url.pathname}${url.search} -> ${status} (${Date.now() - started} ms)`);
  };

  if (deps.latencyMs > 0) await sleep(deps.latencyMs);

  const taken = deps.faults.take(method, path, url.searchParams);
  const fault = taken?.fault;
  try {
    if (fault) {
      faultId = fault.id;
      if (taken.held) {
        const held = taken.held;
        // A caller that closes the connection before the answer gave up on the call (GET .../gone).
        res.once("close", () => {
          if (!res.writableFinished) held.gone();
        });
      }
      if (taken.held && !(await taken.held.released)) {
        sendJson(res, 503, { message: "Held call dropped: its fault was removed" });
        return finish(503);
      }
      if (fault.delayMs > 0) await sleep(fault.delayMs);
      if (fault.status !== null && !fault.afterCall) {
        sendFault(res, fault.status, fault.body);
        return finish(fault.status);
      }
    }

    let result: ApiResult;
    try {
      if (tooLarge) throw new ApiError(413, "Request body too large");
      if (!parsed.ok) throw new ApiError(400, "Malformed JSON in request body");
      const match = deps.router.match(method, path);
      if (!match) throw new ApiError(404, "Not found");
      checkAccess(match.access, session);
      result = await match.handler({
        store: deps.store,
        uploads: deps.uploads,
        method: method as HttpMethod,
        path,
        params: match.params,
        query: url.searchParams,
        body: parsed.value,
        session,
        origin: requestOrigin(req, deps.publicUrl, deps.fallbackHost()),
        panelOrigin: panelOriginOf(req, deps.panelOrigin),
        now,
      });
    } catch (error) {
      if (error instanceof ApiError) {
        result = { status: error.status, body: error.body() };
      } else {
        process.stderr.write(
          `demo-api: ${method} ${url.pathname} failed: ${(error as Error)?.stack ?? String(error)}\n`,
        );
        result = { status: 500, body: { message: "Internal server error" } };
      }
    }
    if (fault?.afterCall && fault.status !== null) {
      sendFault(res, fault.status, fault.body);
      return finish(fault.status);
    }
    const status = result.status ?? 200;
    sendJson(res, status, result.body, result.headers);
    finish(status);
  } finally {
    // However it ended, the call has been answered: a release waiting for that may go on.
    taken?.held?.answered();
  }
}
