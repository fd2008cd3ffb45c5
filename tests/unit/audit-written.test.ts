// The trail's `written` hook (app/audit/trail.server.ts), what counts /insights' roll-ups: told of
// each entry once, after it is written and before its caller goes on; told of an entry whose
// first write happened but answered nothing (the retry finds it written); and a failing hook
// leaves the entry written.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterEach, beforeEach, expect, it } from "vitest";

import type { AuditEngine } from "~/audit/engine";
import { levelEngine } from "~/audit/level-engine.server";
import { auditTrail, type WrittenEntry } from "~/audit/trail.server";

let dir: string;
let engine: AuditEngine;
beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "audit-written-"));
  engine = await levelEngine(dir);
});
afterEach(async () => {
  await engine.close();
  rmSync(dir, { recursive: true, force: true });
});

const ban = {
  admin: "ada@example.com",
  action: "banned",
  target: { kind: "user" as const, id: "12" },
  result: "done" as const,
};

it("tells each written entry once, before the caller goes on", async () => {
  const told: WrittenEntry[] = [];
  const trail = auditTrail(async () => engine, { retentionDays: 30, written: async (entry) => void told.push(entry) });
  await trail.record({ ...ban, at: Date.parse("2026-12-01T10:00:00Z") });
  expect(told).toEqual([
    expect.objectContaining({
      ...ban,
      target: expect.objectContaining(ban.target),
      at: "2026-12-01T10:00:00.000Z",
      seq: 1,
    }),
  ]);
  await trail.record({ ...ban, action: "unbanned" });
  expect(told.map((entry) => entry.action)).toEqual(["banned", "unbanned"]);
});

it("tells an entry whose write happened but whose answer was lost, once, when the retry finds it written", async () => {
  const told: WrittenEntry[] = [];
  // As the Redis store does: the first write happens and its answer is lost; the retry, with the
  // same record id, finds it written and answers null.
  const appended = new Set<string>();
  const flaky: AuditEngine = {
    ...engine,
    append: async (id, build) => {
      if (appended.has(id)) return null;
      await engine.append(id, build);
      appended.add(id);
      throw new Error("the answer timed out");
    },
  };
  const trail = auditTrail(async () => flaky, {
    retentionDays: 30,
    outbox: { retryMs: 1 },
    written: async (entry) => void told.push(entry),
  });
  await trail.record({ ...ban, at: Date.parse("2026-12-01T10:00:00Z") });
  await trail.idle();
  expect((await engine.head()).seq).toBe(1);
  expect(told).toEqual([
    expect.objectContaining({ ...ban, target: expect.objectContaining(ban.target), at: "2026-12-01T10:00:00.000Z" }),
  ]);
});

it("keeps the entry written when the hook fails", async () => {
  const trail = auditTrail(async () => engine, {
    retentionDays: 30,
    written: async () => {
      throw new Error("the state engine is away");
    },
  });
  await trail.record(ban);
  await trail.record(ban);
  expect((await engine.head()).seq).toBe(2);
  expect(trail.waiting()).toBe(0);
});
