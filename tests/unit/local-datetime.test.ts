import { describe, expect, it } from "vitest";

import { isLocalDateTime, localDateTimeToIso, nowLocalDateTime, toLocalDateTime } from "~/lib/local-datetime";

describe("isLocalDateTime", () => {
  it("accepts what a datetime-local input holds", () => {
    expect(isLocalDateTime("2026-01-15T09:30")).toBe(true);
    expect(isLocalDateTime("2026-01-15T09:30:45")).toBe(true);
    expect(isLocalDateTime("2026-01-15T09:30:45.123")).toBe(true);
    expect(isLocalDateTime("2024-02-29T00:00")).toBe(true);
  });

  it("rejects other shapes and impossible dates", () => {
    for (const value of [
      "",
      "2026-01-15",
      "2026-01-15 09:30",
      "2026-01-15T09:30Z",
      "2026-01-15T09:30+02:00",
      "2026-13-01T00:00",
      "2026-02-30T00:00",
      "2025-02-29T00:00",
      "2026-01-15T24:00",
      "2026-01-15T12:60",
      "soon",
    ]) {
      expect(isLocalDateTime(value), value).toBe(false);
    }
  });
});

describe("toLocalDateTime", () => {
  it("shows an instant in the given zone, cut to minutes", () => {
    expect(toLocalDateTime("2026-01-15T10:00:59.999Z", "UTC")).toBe("2026-01-15T10:00");
    expect(toLocalDateTime("2026-01-15T10:00:00Z", "Europe/Paris")).toBe("2026-01-15T11:00");
    expect(toLocalDateTime("2026-07-15T10:00:00Z", "Europe/Paris")).toBe("2026-07-15T12:00");
    expect(toLocalDateTime("2026-01-15T02:00:00Z", "America/New_York")).toBe("2026-01-14T21:00");
    expect(toLocalDateTime("2026-01-15T23:30:00Z", "Asia/Kolkata")).toBe("2026-01-16T05:00");
  });

  it("takes a Date or epoch milliseconds, and gives '' for no date", () => {
    expect(toLocalDateTime(new Date("2026-03-01T00:05:00Z"), "UTC")).toBe("2026-03-01T00:05");
    expect(toLocalDateTime(Date.UTC(2026, 2, 1, 0, 5), "Asia/Tokyo")).toBe("2026-03-01T09:05");
    expect(toLocalDateTime("", "UTC")).toBe("");
    expect(toLocalDateTime(null, "UTC")).toBe("");
    expect(toLocalDateTime("not a date", "UTC")).toBe("");
  });

  it("shows midnight as 00, not 24", () => {
    expect(toLocalDateTime("2026-01-15T00:00:00Z", "UTC")).toBe("2026-01-15T00:00");
  });
});

describe("nowLocalDateTime", () => {
  it("is the given instant in the zone at minute precision", () => {
    const now = new Date("2026-01-15T10:42:31.500Z");
    expect(nowLocalDateTime("UTC", now)).toBe("2026-01-15T10:42");
    expect(nowLocalDateTime("America/Los_Angeles", now)).toBe("2026-01-15T02:42");
  });

  it("defaults to the real clock", () => {
    expect(nowLocalDateTime("UTC")).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
  });
});

describe("localDateTimeToIso", () => {
  it("reads the wall time in the given zone", () => {
    expect(localDateTimeToIso("2026-01-15T10:00", "UTC")).toBe("2026-01-15T10:00:00.000Z");
    expect(localDateTimeToIso("2026-01-15T11:00", "Europe/Paris")).toBe("2026-01-15T10:00:00.000Z");
    expect(localDateTimeToIso("2026-07-15T12:00", "Europe/Paris")).toBe("2026-07-15T10:00:00.000Z");
    expect(localDateTimeToIso("2026-01-14T21:00", "America/New_York")).toBe("2026-01-15T02:00:00.000Z");
    expect(localDateTimeToIso("2026-01-16T05:00", "Asia/Kolkata")).toBe("2026-01-15T23:30:00.000Z");
    expect(localDateTimeToIso("2026-01-15T10:00:30", "UTC")).toBe("2026-01-15T10:00:30.000Z");
  });

  it("round-trips with toLocalDateTime across a year, in several zones", () => {
    for (const zone of [
      "UTC",
      "Europe/Paris",
      "America/New_York",
      "Australia/Lord_Howe",
      "Asia/Kathmandu",
      "Pacific/Chatham",
    ]) {
      for (let hour = 0; hour < 365 * 24; hour += 11) {
        const iso = new Date(Date.UTC(2026, 0, 1) + hour * 3_600_000).toISOString();
        const local = toLocalDateTime(iso, zone);
        const back = localDateTimeToIso(local, zone)!;
        // Back to the same instant, except in the repeated hour of a fall-back night (earlier one wins).
        if (back !== iso) expect(toLocalDateTime(back, zone), `${zone} ${iso}`).toBe(local);
      }
    }
  });

  it("takes the earlier instant for a wall time that happens twice", () => {
    // New York falls back on 2026-11-01 at 02:00 EDT -> 01:00 EST; 01:30 happens twice.
    expect(localDateTimeToIso("2026-11-01T01:30", "America/New_York")).toBe("2026-11-01T05:30:00.000Z");
  });

  it("moves a wall time that never happens past the gap", () => {
    // New York springs forward on 2026-03-08 at 02:00 EST -> 03:00 EDT; 02:30 does not exist.
    const iso = localDateTimeToIso("2026-03-08T02:30", "America/New_York")!;
    expect(iso).toBe("2026-03-08T07:30:00.000Z");
    expect(toLocalDateTime(iso, "America/New_York")).toBe("2026-03-08T03:30");
  });

  it("answers null for a value that is not a local date-time", () => {
    expect(localDateTimeToIso("", "UTC")).toBeNull();
    expect(localDateTimeToIso("2026-02-30T10:00", "UTC")).toBeNull();
    expect(localDateTimeToIso("2026-01-15T10:00Z", "UTC")).toBeNull();
  });

  it("does not depend on the machine's time zone", () => {
    const before = process.env.TZ;
    try {
      process.env.TZ = "Asia/Tokyo";
      expect(localDateTimeToIso("2026-01-15T10:00", "UTC")).toBe("2026-01-15T10:00:00.000Z");
      expect(toLocalDateTime("2026-01-15T10:00:00Z", "UTC")).toBe("2026-01-15T10:00");
    } finally {
      process.env.TZ = before;
    }
  });
});
