/**
 * One HTTP exchange with the upstream on node:http, over kept-alive connections: the JSON calls'
 * transport (client.server.ts). `fetch` (undici) builds a WHATWG Request, Response and body streams
 * for every call and tied each page's calls to `AbortSignal.any`; for a small JSON answer that was
 * more than half the call's cost on the panel's side (docs/performance.md).
 */
import http from "node:http";
import https from "node:https";

/**
 * How long an idle connection waits for the next call, or a second less than the upstream's
 * `Keep-Alive: timeout=N` when it announces a shorter one: the panel closes it before the upstream
 * does. A call sent as the upstream closes its end meets a reset connection, and a call that is
 * never retried (a sign-in, a mutation) then fails for a request the upstream never saw. Node's
 * agent reads the announced timeout only when it has a timeout of its own; 4 s is under the idle
 * limit of common servers that announce none (Node's own is 5 s).
 */
const IDLE_CONNECTION_MS = 4_000;

// One pool per protocol for the process: calls reuse idle connections instead of a handshake each.
const pool = { keepAlive: true, maxSockets: 64, maxFreeSockets: 16, timeout: IDLE_CONNECTION_MS };
const agents = { "http:": new http.Agent(pool), "https:": new https.Agent(pool) };

/** What to send. */
export interface HttpRequest {
  method: string;
  headers: Record<string, string>;
  body?: string;
  /** Ends the exchange where it is: before or after the headers came. */
  signal: AbortSignal;
}

/** An answer whose headers came: its status, its Set-Cookie lines and its body, read on demand. */
export interface HttpAnswer {
  status: number;
  setCookies: string[];
  /** The whole body as text; rejects when the exchange is cut (the signal, the network) before its end. */
  text(): Promise<string>;
  /** Throws the body away (an answer not read: a retry). */
  discard(): void;
}

/** Sends one request; resolves once the answer's headers came, rejects when none can come. */
export function httpCall(url: URL, { method, headers, body, signal }: HttpRequest): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const agent = url.protocol === "https:" ? agents["https:"] : agents["http:"];
    const send = url.protocol === "https:" ? https.request : http.request;
    const request = send(url, {
      method,
      agent,
      headers: body === undefined ? headers : { ...headers, "content-length": String(Buffer.byteLength(body)) },
    });
    const abort = () => request.destroy(signal.reason instanceof Error ? signal.reason : new Error("aborted"));
    signal.addEventListener("abort", abort, { once: true });
    request.once("error", (error) => {
      signal.removeEventListener("abort", abort);
      reject(error);
    });
    request.once("response", (response) => {
      const cookies = response.headers["set-cookie"] ?? [];
      const text = new Promise<string>((done, failed) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.once("end", () => done(Buffer.concat(chunks).toString("utf8")));
        response.once("error", failed);
        response.once("aborted", () => failed(new Error("the answer was cut")));
        request.once("close", () => {
          if (!response.complete) failed(new Error("the answer was cut"));
        });
      }).finally(() => signal.removeEventListener("abort", abort));
      // Unread on a retry: nobody waits for it, and its failure is nobody's.
      text.catch(() => undefined);
      resolve({
        status: response.statusCode ?? 0,
        setCookies: cookies,
        text: () => text,
        discard: () => response.resume(),
      });
    });
    request.end(body);
  });
}
