// Slow clients against the built panel (node server.js): a request whose headers or body trickle
// in must not hold a connection open for Node's default 300 s. The panel runs with the shortest
// REQUEST_TIMEOUT_MS it accepts, and the client trickles without end: the test passes on the
// server's answer (408) or on the closed connection, whichever comes, never on elapsed time. A
// page that waits on its upstream is not such a client: the upstream call is held, not delayed.
import net from "node:net";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { HELD_PAGE, type HeldUpstream, startHeldUpstream } from "../support/held-upstream";
import { PROCESS_WAIT_MS, type RunningServer, startPanel } from "../support/servers";
import { UA } from "../support/user-agents";

const REQUEST_TIMEOUT_MS = 1_000;
/** One byte this often: slower than any honest client, and never done. */
const TRICKLE_EVERY_MS = 100;

let panel: RunningServer;
let upstream: HeldUpstream;

beforeAll(async () => {
  upstream = await startHeldUpstream();
  panel = await startPanel(upstream.apiUrl, {
    REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
    // The held upstream call ends when the test releases it, not on the panel's timer.
    UPSTREAM_TIMEOUT_MS: "120000",
  });
});

afterAll(async () => {
  await panel?.stop();
  await upstream?.close();
});

interface Ending {
  /** What the server sent before the connection closed ("" when it just closed it). */
  received: string;
  /** Bytes of the trickle written before the end. */
  trickled: number;
}

/**
 * Opens a raw connection, writes `head`, then one byte of `trickle` every TRICKLE_EVERY_MS
 * (starting over when it runs out), until the server closes the connection.
 */
function trickle(head: string, bytes: string): Promise<Ending> {
  const { port } = new URL(panel.url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), "127.0.0.1");
    let received = "";
    let trickled = 0;
    let timer: NodeJS.Timeout | undefined;
    const limit = setTimeout(() => {
      clearInterval(timer);
      socket.destroy();
      reject(new Error(`the panel kept a trickling connection open for ${PROCESS_WAIT_MS / 1000} s`));
    }, PROCESS_WAIT_MS);
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => (received += chunk));
    // A reset (the server destroyed the socket mid-write) ends the connection as well as a FIN.
    socket.on("error", () => {});
    socket.on("close", () => {
      clearInterval(timer);
      clearTimeout(limit);
      resolve({ received, trickled });
    });
    socket.on("connect", () => {
      socket.write(head);
      timer = setInterval(() => {
        if (socket.destroyed || !socket.writable) return;
        socket.write(bytes[trickled % bytes.length]!);
        trickled += 1;
      }, TRICKLE_EVERY_MS);
    });
  });
}

/** The status code of a raw HTTP/1.1 response, or undefined when nothing came. */
function statusOf(received: string): number | undefined {
  const match = /^HTTP\/1\.1 (\d{3}) /.exec(received);
  return match ? Number(match[1]) : undefined;
}

describe("a client that sends too slowly", { timeout: PROCESS_WAIT_MS + 30_000 }, () => {
  it("gets 408 (or a closed connection) when its body trickles in", async () => {
    const body = "email=admin%40example.com&password=Admin12345&";
    const head = [
      "POST /login HTTP/1.1",
      `Host: ${new URL(panel.url).host}`,
      "Content-Type: application/x-www-form-urlencoded",
      // Far more than the trickle ever sends: the body is never complete.
      "Content-Length: 100000",
      "",
      "",
    ].join("\r\n");
    const { received } = await trickle(head, body);
    // Either the 408 that Node sends while no response has started, or nothing at all.
    expect([408, undefined]).toContain(statusOf(received));
    // The sign-in action never ran on half a form.
    expect(received).not.toMatch(/Set-Cookie/i);
  });

  it("gets 408 (or a closed connection) when its headers trickle in", async () => {
    // One header whose value never ends: the blank line that closes the headers never comes.
    const head = `GET /login HTTP/1.1\r\nHost: ${new URL(panel.url).host}\r\nX-Slow: `;
    const { received } = await trickle(head, "z");
    expect([408, undefined]).toContain(statusOf(received));
  });

  it("still gets its answer when the panel, not the client, is slow", async () => {
    // The request arrives at once, and its page waits on a held upstream call ...
    // (A browser's user agent: fetch's own names a crawler, which the email-link pages never send on.)
    const answer = fetch(`${panel.url}${HELD_PAGE}`, { redirect: "manual", headers: { "user-agent": UA.desktop } });
    await upstream.held();
    // ... until a client that started trickling after it was cut off: REQUEST_TIMEOUT_MS has run
    // out for the waiting request as well. The timeout covers receiving a request, not answering it.
    const host = new URL(panel.url).host;
    const { received } = await trickle(`GET /login HTTP/1.1\r\nHost: ${host}\r\nX-Slow: `, "z");
    expect([408, undefined]).toContain(statusOf(received));
    upstream.release();
    const response = await answer;
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/verify?done=1");
  });
});
