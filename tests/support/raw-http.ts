import net from "node:net";

import { PROCESS_WAIT_MS } from "./servers";

/** A response read off a raw connection. */
export interface RawResponse {
  status: number;
  /** Header names in lower case; a repeated header keeps its last value. */
  headers: Map<string, string>;
  body: string;
}

/**
 * Sends `request` byte for byte (latin1) on a fresh connection to `baseUrl` and reads the first
 * response, until the server closes the connection: send `Connection: close` (or HTTP/1.0).
 * For what fetch cannot send: no Host, an absolute-form target, TRACE, a raw non-ASCII byte.
 */
export function rawRequest(baseUrl: string, request: string): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    const limit = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no complete answer within ${PROCESS_WAIT_MS / 1000} s to ${JSON.stringify(request)}`));
    }, PROCESS_WAIT_MS);
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", (error) => {
      clearTimeout(limit);
      reject(error);
    });
    socket.on("close", () => {
      clearTimeout(limit);
      const parsed = parseResponse(Buffer.concat(chunks).toString("latin1"));
      if (parsed) resolve(parsed);
      else reject(new Error(`the connection closed without a response to ${JSON.stringify(request)}`));
    });
    socket.write(Buffer.from(request, "latin1"));
  });
}

/** The first HTTP/1.x response in `raw`, or undefined when there is none. */
export function parseResponse(raw: string): RawResponse | undefined {
  const end = raw.indexOf("\r\n\r\n");
  const statusLine = /^HTTP\/1\.[01] (\d{3})/.exec(raw);
  if (end === -1 || !statusLine) return undefined;
  const headers = new Map<string, string>();
  for (const line of raw.slice(0, end).split("\r\n").slice(1)) {
    const colon = line.indexOf(":");
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { status: Number(statusLine[1]), headers, body: raw.slice(end + 4) };
}
