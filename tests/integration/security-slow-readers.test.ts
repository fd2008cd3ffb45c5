/**
 * Clients that send requests and never read the answers (issue 23). One connection used to
 * queue 400 pipelined page requests, have 301 of them rendered and hold the connection for
 * minutes. Now a connection with more than MAX_PIPELINED_REQUESTS unanswered requests is closed,
 * and a response the client stops reading is cut after SEND_TIMEOUT_MS (short here). The tests
 * wait on the panel's own log lines, never on elapsed time.
 */
import { readdirSync, statSync } from "node:fs";
import net from "node:net";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { MAX_PIPELINED_REQUESTS } from "../../server/connection-limits";
import { PROCESS_WAIT_MS, ROOT } from "../support/servers";
import { useStack } from "../support/use-stack";
import { UA } from "../support/user-agents";

const stack = useStack({ SEND_TIMEOUT_MS: "1000" });

interface LogLine {
  level?: string;
  msg?: string;
  path?: string;
  status?: number;
}

function logLines(): LogLine[] {
  return stack.panel
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as LogLine);
}

/** Resolves once `condition` holds, checked on each line the panel prints; fails after PROCESS_WAIT_MS. */
function panelLogs(condition: () => boolean, what: string): Promise<void> {
  const stdout = stack.panel.process.stdout!;
  return new Promise((resolve, reject) => {
    const check = () => {
      if (!condition()) return;
      clearTimeout(timer);
      stdout.off("data", check);
      resolve();
    };
    const timer = setTimeout(() => {
      stdout.off("data", check);
      reject(new Error(`the panel did not log ${what} within ${PROCESS_WAIT_MS / 1000} s`));
    }, PROCESS_WAIT_MS);
    stdout.on("data", check);
    check();
  });
}

/** Whether the panel logged the warning `msg`. */
function warned(msg: string): boolean {
  return logLines().some((line) => line.level === "warn" && line.msg === msg);
}

/** A connection that reads nothing until `readAll()`, which reads to its end (the panel closed it). */
function nonReadingConnection() {
  const { port } = new URL(stack.panel.url);
  const socket = net.connect(Number(port), "127.0.0.1");
  socket.pause();
  let closed = false;
  socket.on("error", () => {});
  const ended = new Promise<void>((resolve) =>
    socket.on("close", () => {
      closed = true;
      resolve();
    }),
  );
  return {
    socket,
    isClosed: () => closed,
    /** Reads what is buffered and resolves when the panel has closed the connection. */
    async readAll(): Promise<void> {
      socket.on("data", () => {});
      socket.resume();
      await ended;
    },
  };
}

function get(pathname: string, headers: string[] = []): string {
  return [`GET ${pathname} HTTP/1.1`, `Host: ${new URL(stack.panel.url).host}`, ...headers, "", ""].join("\r\n");
}

describe("a client that pipelines requests and reads nothing", () => {
  it("has its connection closed after a bounded number of pages, while /healthz answers", async () => {
    const client = nonReadingConnection();
    await new Promise((resolve) => client.socket.once("connect", resolve));
    client.socket.write(get("/get-app", [`User-Agent: ${UA.desktop}`]).repeat(400));

    await panelLogs(() => warned("connection closed: too many pipelined requests"), "the closed connection");
    expect((await fetch(`${stack.panel.url}/healthz`)).status).toBe(200);
    await client.readAll();
    expect(client.isClosed()).toBe(true);

    // Each read of the socket can hand over at most MAX_PIPELINED_REQUESTS before the cut; the
    // 400 requests (24 KB) arrive in one or two reads.
    const rendered = logLines().filter((line) => line.path === "/get-app");
    expect(rendered.length).toBeGreaterThan(0);
    expect(rendered.length).toBeLessThanOrEqual(2 * MAX_PIPELINED_REQUESTS);
  });
});

describe("a client that stops reading its responses", () => {
  it("has its connection cut once SEND_TIMEOUT_MS passes without progress", async () => {
    // The largest script: a few requests fill the socket buffers of both ends.
    const assets = path.join(ROOT, "build/client/assets");
    const largest = readdirSync(assets)
      .filter((file) => file.endsWith(".js"))
      .sort((a, b) => statSync(path.join(assets, b)).size - statSync(path.join(assets, a)).size)[0]!;
    const assetPath = `/assets/${largest}`;
    const served = () => logLines().filter((line) => line.path === assetPath);
    const cut = () => warned("connection closed: the client did not read its response");
    const client = nonReadingConnection();
    await new Promise((resolve) => client.socket.once("connect", resolve));

    // One request at a time, the next once the last one is logged: never pipelined. The loop
    // ends when the panel cuts the connection (or fails after 500 requests, about 170 MB).
    for (let sent = 1; !cut() && sent <= 500; sent++) {
      const before = served().length;
      client.socket.write(get(assetPath, ["Accept-Encoding: identity"]));
      await panelLogs(() => cut() || served().length > before, "the response or the cut");
    }
    expect(cut()).toBe(true);
    await client.readAll();
    expect(client.isClosed()).toBe(true);
    // The cut response is logged as abandoned (499), like a client that went away.
    await panelLogs(() => served().some((line) => line.status === 499), "the abandoned response");
  });
});
