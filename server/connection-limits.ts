import type { Socket } from "node:net";

import type { RequestHandler } from "express";

import { logLine } from "~/lib/log.server";

/**
 * How many requests one connection may have unanswered at once. Browsers and proxies send the
 * next request after the last response; only a client that pipelines gets near this.
 */
export const MAX_PIPELINED_REQUESTS = 8;

/** Requests of each connection whose responses have not closed yet. */
const unanswered = new WeakMap<Socket, number>();

export interface ConnectionLimits {
  /** How long a response may sit unread (the client takes none of its bytes) before the connection is cut. */
  sendTimeoutMs: number;
  maxPipelined?: number;
}

/**
 * Bounds what one connection can make the panel do: more than `maxPipelined` requests waiting
 * on one connection closes it (the ones past the cap are never handled), and a response whose
 * bytes the client stops reading for `sendTimeoutMs` has its connection cut. Mount it first:
 * a dropped request costs nothing, not even a log line.
 */
export function limitConnections({
  sendTimeoutMs,
  maxPipelined = MAX_PIPELINED_REQUESTS,
}: ConnectionLimits): RequestHandler {
  const cut = (socket: Socket, msg: string) => {
    if (socket.destroyed) return;
    logLine("warn", msg, { remoteAddress: socket.remoteAddress });
    socket.destroy();
  };
  return (req, res, next) => {
    const socket = req.socket;
    // Requests parsed from the same read as the one that closed the connection.
    if (socket.destroyed) return;
    const waiting = (unanswered.get(socket) ?? 0) + 1;
    if (waiting > maxPipelined) {
      cut(socket, "connection closed: too many pipelined requests");
      return;
    }
    unanswered.set(socket, waiting);
    res.once("close", () => unanswered.set(socket, (unanswered.get(socket) ?? 1) - 1));

    // Node's socket timeout counts time without traffic either way; a write that still makes
    // progress postpones it. Node hands it to this response (and a response listening for it
    // keeps Node from closing the connection itself).
    socket.setTimeout(sendTimeoutMs);
    res.on("timeout", () => {
      // Bytes waiting in the socket's buffer: the kernel's is full, so the client reads nothing.
      if (socket.writableLength > 0) cut(socket, "connection closed: the client did not read its response");
      // Otherwise the panel itself is still working on the answer (an upstream call): wait on.
      else socket.setTimeout(sendTimeoutMs);
    });
    next();
  };
}
