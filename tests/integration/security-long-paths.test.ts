/**
 * Absurdly long paths (issue 23): React Router's route discovery costs the square of a path's
 * depth, so one anonymous GET of '/a' × 7900 (15.8 KB, under Node's header limit) used to hold
 * the event loop for seconds. The panel refuses such a path before React Router runs: several at
 * once get 414 while /healthz answers, and the log keeps a bounded piece of each path.
 */
import { describe, expect, it } from "vitest";

import { useStack } from "../support/use-stack";
import { UA } from "../support/user-agents";

const stack = useStack();

/** 7,900 segments, 15.8 KB: the path of the finding. */
const LONG_PATH = "/a".repeat(7900);

describe("a path longer than any the panel serves", () => {
  it("is refused with 414, several at once, while /healthz answers", async () => {
    const get = (path: string) =>
      fetch(`${stack.panel.url}${path}`, { headers: { "user-agent": UA.desktop } }).then(async (response) => ({
        status: response.status,
        csp: response.headers.get("content-security-policy"),
        body: await response.text(),
      }));
    const long = [LONG_PATH, `${LONG_PATH}/`, `${LONG_PATH}.data`, LONG_PATH].map(get);
    const health = await fetch(`${stack.panel.url}/healthz`);
    expect(health.status).toBe(200);

    for (const answer of await Promise.all(long)) {
      expect(answer.status).toBe(414);
      expect(answer.csp).toMatch(/default-src 'self'/);
      expect(answer.body).toBe("URI Too Long");
    }
  });

  it("logs a bounded piece of the path, as a warning", async () => {
    const response = await fetch(`${stack.panel.url}${LONG_PATH}?token=secret`);
    expect(response.status).toBe(414);
    const id = response.headers.get("x-request-id");
    const lineOf = () =>
      stack.panel
        .output()
        .split("\n")
        .find((line) => line.includes(`"requestId":"${id}"`));
    await expect.poll(lineOf).toBeDefined();
    const line = lineOf()!;
    expect(line.length).toBeLessThan(1024);
    expect(JSON.parse(line)).toMatchObject({ level: "warn", status: 414, path: expect.stringMatching(/^(\/a)+…$/) });
    expect(line).not.toContain("secret");
  });

  it("still serves the real paths, the deepest ones included", async () => {
    for (const path of [
      "/users/1/passport",
      "/memberships/edit/1",
      "/memberships/edit/1.data",
      "/users/view-invites/1",
    ]) {
      const response = await fetch(`${stack.panel.url}${path}`, { redirect: "manual" });
      // Anonymous: sent to sign in, never refused for its length.
      expect(response.status, path).not.toBe(414);
      expect(response.status, path).toBeLessThan(500);
    }
  });
});
