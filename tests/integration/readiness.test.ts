/**
 * `/readyz` tells the truth about rendering: a process that can no longer render a page answers
 * 503, so an orchestrator replaces it, while `/healthz` (liveness) still answers. The panel runs as
 * a real `node server.js`; a test-only preload breaks a built-in on a signal, the way one hostile
 * form post did before issue 12.
 */
import path from "node:path";

import { expect, it } from "vitest";

import { ROOT, startStack } from "../support/servers";

const preload = path.join(ROOT, "tests/support/preload/break-rendering-on-signal.mjs");

it("answers 200 while pages render, and 503 once rendering is broken", async () => {
  const stack = await startStack({ NODE_OPTIONS: `--import ${preload}` });
  try {
    const { url } = stack.panel;
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    expect((await fetch(`${url}/login`)).status).toBe(200);

    stack.panel.process.kill("SIGUSR2");
    // The signal is handled between two events: wait until a page no longer renders.
    await expect.poll(async () => (await fetch(`${url}/login`)).status, { timeout: 30_000 }).toBe(500);

    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    const ready = await fetch(`${url}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: "cannot render pages" });
  } finally {
    await stack.stop();
  }
});
