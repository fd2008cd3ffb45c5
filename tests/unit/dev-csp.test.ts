// The Content-Security-Policy under Vite's dev server (scripts/dev.mjs): production's, plus Vite's
// hot-reload socket on the page's own host, and nothing a Host header could smuggle in.
import { describe, expect, it } from "vitest";

import { contentSecurityPolicy, devSocketOrigin } from "../../server/security-headers";

describe("development CSP", () => {
  it("adds only the page's own WebSocket origin to production's policy", () => {
    const production = contentSecurityPolicy("n0nce==", "http://127.0.0.1:4010");
    const development = contentSecurityPolicy("n0nce==", "http://127.0.0.1:4010", [], "ws://localhost:3000");
    expect(development).toBe(production.replace("connect-src 'self' http://127.0.0.1:4010", "$& ws://localhost:3000"));
  });

  it.each([
    ["localhost:3000", "ws://localhost:3000"],
    ["127.0.0.1:5173", "ws://127.0.0.1:5173"],
    ["[::1]:3000", "ws://[::1]:3000"],
    ["panel.test", "ws://panel.test"],
  ])("takes the socket's origin from Host %s", (host, origin) => {
    expect(devSocketOrigin(host)).toBe(origin);
  });

  it.each([undefined, "", "a; script-src *", "a b", "evil.test/path", "a:99999999"])(
    "adds no socket for Host %j",
    (host) => {
      expect(devSocketOrigin(host)).toBeUndefined();
    },
  );
});
