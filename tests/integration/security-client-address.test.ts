/**
 * Whose X-Forwarded-For counts (issue 23). With TRUST_PROXY=true or a hop count, Express trusts
 * any peer's X-Forwarded-For: a client that reaches the port directly chose its own address and
 * was never limited. Production now refuses both at boot; TRUST_PROXY names the proxies by
 * address, and only a request that came from one of them has its X-Forwarded-For read. Here the
 * proxy is 127.0.0.2 (a loopback address of its own) and the stranger connects from 127.0.0.1.
 */
import http from "node:http";

import { describe, expect, it } from "vitest";

import { ROOT, runToExit, TEST_SESSION_SECRET } from "../support/servers";
import { useStack } from "../support/use-stack";

const PROXY = "127.0.0.2";
const STRANGER = "127.0.0.1";
const PER_MINUTE = 3;

const stack = useStack({ TRUST_PROXY: PROXY, AUTH_RATE_LIMIT_PER_MINUTE: String(PER_MINUTE) });

/** POSTs a form from the local address `from`, with `forwardedFor` as X-Forwarded-For; resolves with the status. */
function postFrom(from: string, path: string, form: Record<string, string>, forwardedFor: string): Promise<number> {
  const { hostname, port } = new URL(stack.panel.url);
  const body = new URLSearchParams(form).toString();
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: hostname,
        port: Number(port),
        localAddress: from,
        method: "POST",
        path,
        agent: false,
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          "content-length": Buffer.byteLength(body),
          "x-forwarded-for": forwardedFor,
        },
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode!));
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

describe("TRUST_PROXY in production", () => {
  it.each(["true", "1", "2"])("refuses TRUST_PROXY=%s at boot with one line", async (value) => {
    const exit = await runToExit(["server.js"], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: "0",
        HOST: "127.0.0.1",
        API_URL: "http://127.0.0.1:9/api",
        SESSION_SECRET: TEST_SESSION_SECRET,
        TRUST_PROXY: value,
      },
    });
    expect(exit.code).toBe(1);
    expect(exit.stderr.trim().split("\n")).toEqual([
      expect.stringMatching(/^Invalid configuration: TRUST_PROXY must name the proxies by address/),
    ]);
  });
});

describe("client addresses", () => {
  const fields = { email: "member@example.com" };

  it("ignores X-Forwarded-For from a client that did not come through the named proxy", async () => {
    for (let attempt = 1; attempt <= PER_MINUTE; attempt++) {
      expect(await postFrom(STRANGER, "/forgot-password", fields, `203.0.113.${attempt}`)).not.toBe(429);
    }
    // A fresh address every time, yet the stranger's own address has used up its minute.
    expect(await postFrom(STRANGER, "/forgot-password", fields, "203.0.113.99")).toBe(429);
  });

  it("cannot spend the limit of an address behind the proxy", async () => {
    for (let attempt = 1; attempt <= PER_MINUTE + 1; attempt++) {
      await postFrom(STRANGER, "/forgot-password", fields, "203.0.113.7");
    }
    // The person at 203.0.113.7, through the proxy, still has the whole minute.
    for (let attempt = 1; attempt <= PER_MINUTE; attempt++) {
      expect(await postFrom(PROXY, "/forgot-password", fields, "203.0.113.7")).not.toBe(429);
    }
  });

  it("reads the named proxy's X-Forwarded-For: the client it names is limited, not the proxy", async () => {
    for (let attempt = 1; attempt <= PER_MINUTE; attempt++) {
      expect(await postFrom(PROXY, "/forgot-password", fields, "198.51.100.20")).not.toBe(429);
    }
    expect(await postFrom(PROXY, "/forgot-password", fields, "198.51.100.20")).toBe(429);
    expect(await postFrom(PROXY, "/forgot-password", fields, "198.51.100.21")).not.toBe(429);
  });
});
