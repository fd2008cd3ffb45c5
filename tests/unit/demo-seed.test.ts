/** The demo API's seed: deterministic, and holding the facts docs/demo-api.md promises. */
import { describe, expect, it } from "vitest";
import { UserStatusSchema } from "~/upstream/contract/users.ts";
import { createSeedData, DEMO_ACCOUNTS } from "../../demo-api/seed.ts";
import { tinyPdf } from "../../demo-api/static-files.ts";

const now = new Date("2026-03-01T12:00:00.000Z");
const seed = () => createSeedData({ now, panelOrigin: "http://localhost:3000" });

describe("demo seed", () => {
  it("is deterministic apart from the upload secret", () => {
    const { uploadSecret: _a, ...first } = seed();
    const { uploadSecret: _b, ...second } = seed();
    expect(second).toEqual(first);
  });

  it("holds the documented counts", () => {
    const data = seed();
    const count = <T>(items: T[], test: (item: T) => boolean) => items.filter(test).length;
    expect(data.users).toHaveLength(130);
    expect(count(data.users, (user) => user.role === "admin")).toBe(3);
    expect(data.users.slice(0, 3).every((user) => user.role === "admin")).toBe(true);
    expect(count(data.users.slice(0, 100), (user) => user.role !== "admin")).toBe(97);
    expect(count(data.users, (user) => user.badgeRequestStatus === 1)).toBe(13);
    expect(count(data.users, (user) => user.badgeRequestStatus === 2)).toBe(12);
    expect(count(data.users, (user) => user.isBanned)).toBe(18);
    expect(data.posts).toHaveLength(36);
    expect(data.announcements).toHaveLength(28);
    expect(count(data.announcements, (announcement) => announcement.isActive)).toBe(22);
    expect(count(data.announcements, (announcement) => announcement.isPinned)).toBe(4);
    const byStatus = (status: string) => count(data.invites, (invite) => invite.status === status);
    expect([byStatus("pending"), byStatus("approved"), byStatus("rejected"), byStatus("expired")]).toEqual([
      13, 12, 12, 11,
    ]);
    expect(data.plans.map((plan) => plan.period).sort()).toEqual(["lifetime", "month", "month", "year", "year"]);
    expect(count(data.plans, (plan) => !plan.isActive)).toBe(1);
  });

  it("covers every status, the edge cases of the screens and the demo accounts", () => {
    const data = seed();
    for (const status of UserStatusSchema.options) {
      expect(
        data.users.some((user) => user.status === status),
        status,
      ).toBe(true);
    }
    expect(data.users.some((user) => user.fullName === null && user.phone === null && user.country === null)).toBe(
      true,
    );
    expect(data.users.some((user) => user.isBanned && user.status !== "banned")).toBe(true);
    expect(data.users.every((user) => user.status !== "banned" || user.isBanned)).toBe(true);
    expect(data.users.every((user) => (user.badgeRequestStatus === 2) === (user.badgeFileName !== null))).toBe(true);
    expect(new Set(data.users.map((user) => user.devicesCount))).toEqual(new Set([0, 1, 2, 3]));
    expect(data.posts.some((post) => post.title === "<img src=x onerror=alert(1)>")).toBe(true);
    for (const account of Object.values(DEMO_ACCOUNTS)) {
      expect(data.users.find((user) => user.email === account.email)?.role).toBe(account.role);
    }
  });

  it("dates two announcements today and mails the pending verification links", () => {
    const data = seed();
    const today = now.toISOString().slice(0, 10);
    expect(data.announcements.filter((announcement) => announcement.date.startsWith(today))).toHaveLength(2);
    const pending = data.users.filter((user) => !user.isEmailVerified);
    expect(data.tokens.filter((token) => token.kind === "verify")).toHaveLength(pending.length);
    expect(data.outbox.every((mail) => mail.links[0]?.startsWith("http://localhost:3000/verify?token="))).toBe(true);
  });

  it("makes well-formed PDFs (xref offsets point at their objects)", () => {
    const pdf = tinyPdf("Passport (demo)", ["Holder: Zoë O'Brien (x)"]).toString("latin1");
    const xrefAt = Number(/startxref\n(\d+)/.exec(pdf)?.[1]);
    expect(pdf.slice(xrefAt, xrefAt + 4)).toBe("xref");
    const offsets = [...pdf.slice(xrefAt).matchAll(/^(\d{10}) 00000 n $/gm)].map((match) => Number(match[1]));
    offsets.forEach((offset, index) => expect(pdf.slice(offset).startsWith(`${index + 1} 0 obj\n`)).toBe(true));
  });
});
