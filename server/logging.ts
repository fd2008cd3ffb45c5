import { randomUUID } from "node:crypto";
import type { Socket } from "node:net";

import type { Request, RequestHandler, Response } from "express";
import type { Logger } from "pino";
import { pinoHttp } from "pino-http";

import { log } from "~/lib/log.server";

import { MAX_PATH_LENGTH } from "./request-guards";

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
 * How many bytes a response has put on its connection so far, headers included, from the socket's
 * own count: compression has happened by then.
 */
function bytesSentCounter(res: Response): () => number {
  let socket = res.socket;
  let before = socket?.bytesWritten ?? 0;
  // A pipelined request's response gets its connection once the responses before it are done.
  if (!socket)
    res.once("socket", (assigned: Socket) => {
      socket = assigned;
      before = assigned.bytesWritten;
    });
  return () => (socket ? socket.bytesWritten - before : 0);
}

/** The fields of a request's line. */
function requestFields(req: Request, res: Response, durationMs: number) {
  const refusal = res.locals.refusal as string | undefined;
  return {
    // A refused request is the client's mistake: a warning, with the reason and no stack.
    ...(refusal ? { refusal } : {}),
    method: req.method.slice(0, 32),
    path: pathWithoutQuery(req.originalUrl),
    // A response the client abandoned before it finished is logged as 499, like nginx.
    status: res.writableFinished ? res.statusCode : 499,
    durationMs,
    bytes: (res.locals.bytesSent as () => number)(),
  };
}

/**
 * The request log (pino-http): one line per request when its response finishes or the client goes
 * away, with the request id (also sent as X-Request-Id), the path without its query, the status,
 * the duration and the bytes sent on the connection, headers included and after compression
 * (docs/operations.md#logs). Mount it before compression.
 */
export function requestLogger(logger: Logger = log): RequestHandler {
  const logRequest = pinoHttp<Request, Response>({
    logger,
    genReqId(req, res) {
      const trusted = req.app.get("trust proxy fn")(req.socket.remoteAddress, 0) as boolean;
      const requestId = pickRequestId(req.get("x-request-id"), trusted);
      res.setHeader("X-Request-Id", requestId);
      return requestId;
    },
    customAttributeKeys: { reqId: "requestId" },
    // Every line of the request carries its id and nothing else of it: no headers, no query
    // (pino-http still binds a child logger to the request; serializing it to nothing keeps
    // that free).
    quietReqLogger: true,
    quietResLogger: true,
    wrapSerializers: false,
    serializers: { req: () => undefined },
    customLogLevel: (_req, res) => (res.locals.refusal ? "warn" : "info"),
    customSuccessObject: (req, res, { responseTime }: { responseTime: number }) =>
      requestFields(req, res, responseTime),
    customErrorObject: (req, res, _error, { responseTime }: { responseTime: number }) =>
      requestFields(req, res, responseTime),
  });
  return (req, res, next) => {
    res.locals.bytesSent = bytesSentCounter(res);
    logRequest(req, res, next);
  };
}
