// Issue 28: what the audit entry of an admin form post says (auditRecordOf), from the upstream
// calls it made and the panel's answer, and the hash chain's entries (chainedEntry).
import { describe, expect, it } from "vitest";

import { chainedEntry, EMPTY_HEAD, entryHash, GENESIS, headAfter, indexKeys } from "~/audit/entry";
import { auditRecordOf, signInFailure } from "~/session/audit.server";
import { UpstreamError } from "~/upstream/errors";

const posted = { intent: "ban", target: { kind: "user" as const, id: "12" }, reason: "Spam" };
const read = { method: "GET", path: "/users/12", status: 200, read: true };

describe("auditRecordOf", () => {
  it("is done when the action's own call (the last that is not a read) answered 2xx", () => {
    expect(
      auditRecordOf("admin@example.com", posted, [read, { method: "GET", path: "/users/ban/12", status: 200 }], 302),
    ).toEqual({
      admin: "admin@example.com",
      action: "ban",
      target: { kind: "user", id: "12" },
      reason: "Spam",
      result: "done",
      status: 200,
      detail: "GET /users/ban/12",
    });
  });

  it("is failed with the upstream's status, and unknown when no answer came", () => {
    const failed = auditRecordOf("a@b.c", posted, [read, { method: "DELETE", path: "/posts/9", status: 500 }], 302);
    expect(failed).toMatchObject({ result: "failed", status: 500 });
    const timedOut = auditRecordOf(
      "a@b.c",
      posted,
      [{ method: "POST", path: "/x", status: 504, answered: false }],
      302,
    );
    expect(timedOut).toMatchObject({ result: "unknown", status: null, detail: "no answer: POST /x" });
  });

  it("is refused when the panel sent nothing (a stale row, a malformed post), and no entry for a form's own step", () => {
    expect(auditRecordOf("a@b.c", posted, [read], 302)).toMatchObject({ result: "refused", detail: "nothing sent" });
    // No call at all: a step of the panel's own (skipping a queue item), or a repeated post answered once.
    expect(auditRecordOf("a@b.c", { ...posted, intent: "skip" }, [], 303)).toMatchObject({
      result: "done",
      detail: "no upstream call",
    });
    expect(auditRecordOf("a@b.c", { ...posted, intent: null }, [], 400)).toMatchObject({
      action: "unknown",
      result: "refused",
      detail: "refused by the panel (400)",
    });
    // A made-up intent with a reason acted on nothing: no target, no reason.
    expect(auditRecordOf("a@b.c", { ...posted, intent: "made-up" }, [], 400)).toMatchObject({
      action: "made-up",
      target: null,
      reason: null,
      result: "refused",
    });
    expect(auditRecordOf("a@b.c", { ...posted, intent: "add-feature" }, [], 200)).toBeNull();
  });
});

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
