import { randomUUID } from "node:crypto";

import type { RequestHandler } from "express";

import { MAX_PATH_LENGTH } from "./request-guards";

/** One JSON object per line on stdout: what log collectors ingest without a parser. */
export function logLine(fields: Record<string, unknown>, stream: NodeJS.WritableStream = process.stdout): void {
  stream.write(`${JSON.stringify({ time: new Date().toISOString(), level: "info", ...fields })}\n`);
}

/**
 * The path of a request URL without its query string, which may hold tokens. A path longer than
 * any the panel serves is cut, so one request cannot write kilobytes into the log.
 */
export function pathWithoutQuery(url: string): string {
  const end = url.search(/[?#]/);
  const path = end === -1 ? url : url.slice(0, end);
  return path.length > MAX_PATH_LENGTH ? `${path.slice(0, MAX_PATH_LENGTH)}…` : path;
}

const REQUEST_ID = /^[\w.:-]{1,128}$/;

/** A proxy's X-Request-Id when it is trusted and well-formed, otherwise a fresh UUID. */
export function pickRequestId(incoming: string | undefined, trusted: boolean): string {
  return trusted && incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * Logs one line per request when its response finishes (or the client goes away),
 * with the bytes actually written to the socket, so after compression.
 * Must be mounted before compression to count compressed bytes.
 */
export function requestLogger(write: (fields: Record<string, unknown>) => void = logLine): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    const trusted = req.app.get("trust proxy fn")(req.socket.remoteAddress, 0) as boolean;
    const requestId = pickRequestId(req.get("x-request-id"), trusted);
    res.setHeader("X-Request-Id", requestId);
    res.locals.requestId = requestId;

    let bytes = 0;
    const count = (chunk: unknown, encoding?: unknown) => {
      if (typeof chunk === "string") bytes += Buffer.byteLength(chunk, encoding as BufferEncoding | undefined);
      else if (chunk instanceof Uint8Array) bytes += chunk.byteLength;
    };
    const write_ = res.write;
    const end_ = res.end;
    res.write = function (this: typeof res, chunk: unknown, ...rest: unknown[]) {
      count(chunk, typeof rest[0] === "string" ? rest[0] : undefined);
      return (write_ as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
    } as typeof res.write;
    res.end = function (this: typeof res, chunk?: unknown, ...rest: unknown[]) {
      if (typeof chunk !== "function") count(chunk, typeof rest[0] === "string" ? rest[0] : undefined);
      return (end_ as (...args: unknown[]) => typeof res).call(this, chunk, ...rest);
    } as typeof res.end;

    let logged = false;
    const done = () => {
      if (logged) return;
      logged = true;
      const refusal = res.locals.refusal as string | undefined;
      write({
        // A refused request is the client's mistake: a warning, with the reason and no stack.
        ...(refusal ? { level: "warn", refusal } : {}),
        method: req.method.slice(0, 32),
        path: pathWithoutQuery(req.originalUrl),
        // A response the client abandoned before it finished is logged as 499, like nginx.
        status: res.writableFinished ? res.statusCode : 499,
        durationMs: Math.round(Number(process.hrtime.bigint() - started) / 1e4) / 100,
        bytes,
        requestId,
      });
    };
    res.once("finish", done);
    res.once("close", done);
    next();
  };
}
