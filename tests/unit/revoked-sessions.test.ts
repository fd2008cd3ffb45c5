import { describe, expect, it } from "vitest";

import { memoryExpiringSet } from "~/session/expiring-set.server";
import { sessionHash } from "~/upstream/session-cookie.server";

describe("memoryExpiringSet", () => {
  it("refuses a revoked hash until its time is up, and only that hash", async () => {
    let time = 1_000_000;
    const store = memoryExpiringSet(() => time);
    await store.add("a", 60);
    expect(await store.has("a")).toBe(true);
    expect(await store.has("b")).toBe(false);
    time += 59_999;
    expect(await store.has("a")).toBe(true);
    time += 1;
    expect(await store.has("a")).toBe(false);
  });
});

describe("sessionHash", () => {
  it("is the token's SHA-256 in hex, which does not contain the token", () => {
    const hash = sessionHash("abc");
    expect(hash).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(hash).not.toContain("abc");
  });
});
