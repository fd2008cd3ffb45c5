// Issue 28: how a failed sign-in is recorded, and the hash chain's entries (chainedEntry). What an
// action's entry says is the outcome core's (tests/unit/recipe.test.ts, the integration tests).
import { describe, expect, it } from "vitest";

import { chainedEntry, EMPTY_HEAD, entryHash, GENESIS, headAfter, indexKeys } from "~/audit/chain";
import { signInFailure } from "~/routes/auth/sign-in.server";
import { UpstreamError } from "~/upstream/errors";

describe("signInFailure", () => {
  it("says failed with the status for an answer, unknown for none", () => {
    expect(signInFailure(new UpstreamError(401, "Invalid credentials", {}, "http"))).toEqual({
      result: "failed",
      status: 401,
      detail: null,
    });
    expect(signInFailure(new UpstreamError(504, "late", {}, "timeout"))).toMatchObject({ result: "unknown" });
  });
});

describe("chainedEntry", () => {
  it("links each entry to the one before by hash, numbers it, and never dates it before the head", () => {
    const first = chainedEntry(EMPTY_HEAD, { admin: "a@b.c", action: "sign-in", result: "done", at: 1_000 });
    expect(first).toMatchObject({ seq: 1, prev: GENESIS, at: new Date(1_000).toISOString(), target: null });
    const second = chainedEntry(headAfter(first), { admin: "a@b.c", action: "ban", result: "done", at: 500 });
    expect(second).toMatchObject({ seq: 2, prev: first.hash, at: first.at });
    const { hash, ...fields } = second;
    expect(entryHash(fields)).toBe(hash);
    expect(entryHash({ ...fields, admin: "other@b.c" })).not.toBe(hash);
  });
});

describe("indexKeys", () => {
  it("lists an entry under its action, admin, target, member and batch", () => {
    expect(
      indexKeys({ admin: "Admin@Example.com", action: "ban", target: { kind: "user", id: "12" }, batch: "b1" }),
    ).toEqual(["action:ban", "admin:admin@example.com", "target:user:12", "member:12", "batch:b1"]);
  });

  it("lists an item the action created (no id yet) under no target", () => {
    expect(
      indexKeys({
        admin: "admin@example.com",
        action: "create",
        target: { kind: "plan", id: "", name: "Gold" },
        batch: null,
      }),
    ).toEqual(["action:create", "admin:admin@example.com"]);
  });
});
