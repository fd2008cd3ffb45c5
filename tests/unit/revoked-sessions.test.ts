import { describe, expect, it } from "vitest";

import { sessionHash } from "~/upstream/session-cookie.server";

describe("sessionHash", () => {
  it("is the token's SHA-256 in hex, which does not contain the token", () => {
    const hash = sessionHash("abc");
    expect(hash).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(hash).not.toContain("abc");
  });
});
