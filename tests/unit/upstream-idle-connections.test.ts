// The upstream calls' kept-alive connections (app/upstream/http-call.server.ts): the panel closes an
// idle connection before the upstream does. When the upstream closes it first, a call sent at that
// moment meets a reset connection, and a sign-in or a mutation (never retried) shows "The upstream
// API could not be reached" for a call the upstream never saw (found as a 502 on sign-in in an
// end-to-end run). Node's agent reads the upstream's `Keep-Alive: timeout=N` only when the agent has
// a timeout of its own.
import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { Socket } from "node:net";

import { afterEach, describe, expect, it } from "vitest";

import { httpCall } from "~/upstream/http-call.server";

let server: Server | undefined;

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

/** A local upstream that keeps idle connections `idleSeconds` and tells who closed each one. */
async function upstream(idleSeconds: number) {
  const closes: Promise<"panel" | "upstream">[] = [];
  server = createServer((_req, res) => res.end("{}"));
  server.keepAliveTimeout = idleSeconds * 1000;
  server.on("connection", (socket: Socket) => {
    let panelEnded = false;
    socket.on("end", () => (panelEnded = true));
    closes.push(once(socket, "close").then(() => (panelEnded ? "panel" : "upstream")));
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as { port: number };
  return { url: new URL(`http://127.0.0.1:${port}/`), closes };
}

describe("kept-alive upstream connections", () => {
  it("are closed by the panel before the upstream's announced idle limit", async () => {
    // Keep-Alive: timeout=2 — the panel lets its end go a second before.
    const { url, closes } = await upstream(2);
    const answer = await httpCall(url, { method: "GET", headers: {}, signal: new AbortController().signal });
    expect(await answer.text()).toBe("{}");
    expect(closes).toHaveLength(1);
    expect(await closes[0]).toBe("panel");
  });

  it("serve the next call on the same connection while it is fresh", async () => {
    const { url, closes } = await upstream(5);
    for (let call = 0; call < 3; call++) {
      const answer = await httpCall(url, { method: "GET", headers: {}, signal: new AbortController().signal });
      expect(await answer.text()).toBe("{}");
    }
    expect(closes).toHaveLength(1);
  });
});
