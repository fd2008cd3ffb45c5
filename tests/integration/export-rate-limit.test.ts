/**
 * Exports are rate-limited per admin (EXPORTS_PER_MINUTE, docs/operations.md#list-exports), counted
 * in memory or, with REDIS_URL, in Redis: the same cases against both stores.
 */
import { describe, expect, it } from "vitest";

import { recordedRequests } from "../support/demo-hooks";
import { newestExportEntry } from "../support/export-csv";
import { PanelClient } from "../support/form-post";
import { useRedis } from "../support/redis-server";
import { useStack } from "../support/use-stack";

const PER_MINUTE = 2;

describe.each([
  ["memory", false],
  ["Redis", true],
])("counted in %s", (_store, withRedis) => {
  const env: NodeJS.ProcessEnv = { EXPORTS_PER_MINUTE: String(PER_MINUTE) };
  if (withRedis) useRedis(env);
  const stack = useStack(env);

  it("answers 429 with Retry-After past the limit, asks the upstream nothing, and counts each admin apart", async () => {
    const admin = await PanelClient.signedIn(stack.panel.url);
    for (let attempt = 0; attempt < PER_MINUTE; attempt++) {
      expect((await admin.get("/memberships.csv")).status).toBe(200);
    }
    const callsBefore = (await recordedRequests(stack.demo.url, "/membership-plan")).length;

    const refused = await admin.get("/memberships.csv");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.headers.get("cache-control")).toBe("no-store");
    expect(await refused.text()).toMatch(/^Too many attempts\. Please wait \d+ seconds and try again\.$/);
    expect((await recordedRequests(stack.demo.url, "/membership-plan")).length).toBe(callsBefore);

    // Another administrator has exports of their own; the refusal is in the trail.
    const other = await PanelClient.signedIn(stack.panel.url, "ops.admin@example.com", "Admin12345");
    expect(await newestExportEntry(other)).toMatchObject({
      Admin: "admin@example.com",
      "Target ID": "memberships",
      Result: "refused",
      Detail: "rate limited",
    });
    expect((await other.get("/memberships.csv")).status).toBe(200);
  });
});
