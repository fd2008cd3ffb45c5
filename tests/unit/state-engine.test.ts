// The panel's state engine (app/state/): keys that expire, taken once, kept on disk by the
// embedded engine across a reopen (a restart of `npm start`), the expired ones dropped then.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterEach, describe, expect, it } from "vitest";

import { memoryEngine } from "~/state/engine";
import { levelStateEngine } from "~/state/level-engine.server";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("the memory engine", () => {
  it("forgets a key when it expires, and gives a taken key once", async () => {
    let now = 0;
    const engine = memoryEngine(() => now);
    await engine.set("note:a", "first", 60);
    expect(await engine.get("note:a")).toBe("first");
    expect(await engine.take("note:a")).toBe("first");
    expect(await engine.take("note:a")).toBeUndefined();
    await engine.set("note:b", "second", 60);
    now += 60_000;
    expect(await engine.get("note:b")).toBeUndefined();
  });
});

describe("the embedded engine", () => {
  it("keeps what it was given across a reopen, and not what expired meanwhile", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "state-engine-"));
    dirs.push(dir);
    let now = 1_000_000;
    const first = await levelStateEngine(dir, () => now);
    await first.set("session:a", "kept", 3600);
    await first.set("session:b", "short", 10);
    await first.set("session:c", "taken", 3600);
    await first.take("session:c");
    await first.set("session:d", "deleted", 3600);
    await first.delete("session:d");
    await first.close();

    now += 60_000;
    const second = await levelStateEngine(dir, () => now);
    expect(await second.get("session:a")).toBe("kept");
    expect(await second.get("session:b")).toBeUndefined();
    expect(await second.get("session:c")).toBeUndefined();
    expect(await second.get("session:d")).toBeUndefined();
    await second.close();
  });
});
