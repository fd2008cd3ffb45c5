// The second factor (docs/product.md#second-factor) with an injected clock: RFC 6238's own
// vectors, enrolment, the ±1 step window, replayed codes, one-use recovery codes, the grace period.
import { randomBytes } from "node:crypto";

import { describe, expect, it } from "vitest";

import { parseEnv } from "~/config/env.server";
import { memoryEngine } from "~/state/engine";
import { familyOn } from "~/state/family.server";
import { demandOf, GRACE_DAYS, graceDaysLeft, secondFactorRequired } from "~/session/second-factor.server";
import { qrPicture } from "~/session/second-factor-qr.server";
import { seal, unseal } from "~/session/second-factor-secrets.server";
import { secondFactorStore } from "~/session/second-factor-store.server";
import {
  base32Decode,
  base32Encode,
  hotp,
  otpauthUri,
  TOTP_STEP_SECONDS,
  totpCode,
} from "~/session/second-factor-totp.server";

const STEP_MS = TOTP_STEP_SECONDS * 1000;
const DAY_MS = 86_400_000;

describe("TOTP", () => {
  it("gives RFC 6238's SHA-1 codes (their last 6 digits)", () => {
    const secret = Buffer.from("12345678901234567890");
    expect(totpCode(secret, 59_000)).toBe("287082");
    expect(totpCode(secret, 1_111_111_109_000)).toBe("081804");
    expect(totpCode(secret, 1_234_567_890_000)).toBe("005924");
    expect(totpCode(secret, 2_000_000_000_000)).toBe("279037");
    // RFC 4226's HOTP vectors for the same secret.
    expect([0, 1, 9].map((count) => hotp(secret, count))).toEqual(["755224", "287082", "520489"]);
  });

  it("writes keys in base32 that read back, forgiving spaces and case", () => {
    const secret = randomBytes(20);
    const text = base32Encode(secret);
    expect(text).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(text.toLowerCase().replace(/(.{4})/g, "$1 "))).toEqual(secret);
    expect(base32Encode(Buffer.from("12345678901234567890"))).toBe("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ");
  });

  it("draws the otpauth link as a QR code of dark and light modules", () => {
    const uri = otpauthUri(randomBytes(20), "Admin Dashboard", "admin@example.com");
    expect(uri).toMatch(/^otpauth:\/\/totp\/Admin%20Dashboard:admin%40example\.com\?secret=[A-Z2-7]{32}&issuer=/);
    const picture = qrPicture(uri);
    // A version 7 or 8 code (45 or 49 modules) with its quiet zone of 4 on each side.
    expect([53, 57]).toContain(picture.size);
    // The top-left finder pattern's first row: 7 dark modules from (4, 4).
    for (let x = 4; x < 11; x++) expect(picture.path).toContain(`M${x} 4h1v1h-1z`);
  });
});

describe("secrets at rest", () => {
  it("opens a sealed secret only for its owner and key", () => {
    const key = randomBytes(32);
    const secret = randomBytes(20);
    const sealed = seal(secret, "enrolled:1", key);
    expect(sealed).not.toContain(secret.toString("base64url"));
    expect(unseal(sealed, "enrolled:1", key)).toEqual(secret);
    expect(unseal(sealed, "enrolled:2", key)).toBeUndefined();
    expect(unseal(sealed, "enrolled:1", randomBytes(32))).toBeUndefined();
  });
});

/** A store on a fresh memory engine, its clock at `start` and moved by `clock.now`. */
function storeAt(start: number) {
  const clock = { now: start };
  const key = randomBytes(32);
  const engine = memoryEngine(() => clock.now);
  const store = secondFactorStore({
    family: familyOn(async () => engine, "second-factor"),
    now: () => clock.now,
    key: () => key,
  });
  return { clock, store, engine };
}

/** Enrols `userId` with a code of its setup secret; answers the secret and the recovery codes. */
async function enrol(store: ReturnType<typeof storeAt>["store"], userId: string, now: number) {
  const secret = await store.setupSecret(userId);
  const confirmed = await store.confirm(userId, totpCode(secret, now));
  if (!confirmed) throw new Error("enrolment refused");
  return { secret, recoveryCodes: confirmed.recoveryCodes };
}

// Mid-step, so that "a step early" and "late" are whole steps away.
const T0 = 1_800_000_000_000 + STEP_MS / 2;

describe("enrolment", () => {
  it("keeps one setup secret until confirmed, then is on with 10 recovery codes stored only as digests", async () => {
    const { store, engine } = storeAt(T0);
    const secret = await store.setupSecret("7");
    expect(await store.setupSecret("7")).toEqual(secret);
    expect(await store.status("7")).toEqual({ enrolled: false });
    expect(await store.confirm("7", totpCode(randomBytes(20), T0))).toBeNull();

    const confirmed = await store.confirm("7", totpCode(secret, T0));
    expect(confirmed?.recoveryCodes).toHaveLength(10);
    expect(new Set(confirmed?.recoveryCodes).size).toBe(10);
    expect(await store.status("7")).toEqual({ enrolled: true, recoveryLeft: 10 });
    const stored = (await engine.get("second-factor:enrolled:7"))!;
    for (const code of confirmed!.recoveryCodes) expect(stored).not.toContain(code);
    expect(stored).not.toContain(base32Encode(secret));
    // The setup is spent: a second confirmation finds none.
    expect(await store.confirm("7", totpCode(secret, T0 + STEP_MS))).toBeNull();
  });

  it("refuses the code that confirmed the enrolment at sign-in in the same window", async () => {
    const { store } = storeAt(T0);
    const secret = await store.setupSecret("7");
    const code = totpCode(secret, T0);
    await store.confirm("7", code);
    expect(await store.verify("7", code)).toBeNull();
  });
});

describe("codes at sign-in", () => {
  it("accepts a code a step early and a step late, and refuses two steps off", async () => {
    const { store, clock } = storeAt(T0);
    const { secret } = await enrol(store, "7", T0);
    clock.now = T0 + 10 * STEP_MS;
    expect(await store.verify("7", totpCode(secret, clock.now - STEP_MS))).toBe("code");
    expect(await store.verify("7", totpCode(secret, clock.now + STEP_MS))).toBe("code");
    expect(await store.verify("7", totpCode(secret, clock.now - 2 * STEP_MS))).toBeNull();
    expect(await store.verify("7", totpCode(secret, clock.now + 2 * STEP_MS))).toBeNull();
    expect(await store.verify("7", totpCode(secret, clock.now))).toBe("code");
  });

  it("refuses a code already used in its window, and the same code in a later step's window once it is used", async () => {
    const { store, clock } = storeAt(T0);
    const { secret } = await enrol(store, "7", T0);
    clock.now = T0 + 10 * STEP_MS;
    const code = totpCode(secret, clock.now);
    expect(await store.verify("7", code)).toBe("code");
    expect(await store.verify("7", code)).toBeNull();
    // Still refused a step later, while the step is in the window.
    clock.now += STEP_MS;
    expect(await store.verify("7", code)).toBeNull();
    // Two simultaneous uses of a fresh code: one gets in.
    const next = totpCode(secret, clock.now);
    const answers = await Promise.all([store.verify("7", next), store.verify("7", next)]);
    expect(answers.filter((answer) => answer === "code")).toHaveLength(1);
  });

  it("takes each recovery code once, whatever its case, spaces or dash", async () => {
    const { store } = storeAt(T0);
    const { recoveryCodes } = await enrol(store, "7", T0);
    const [first, second] = recoveryCodes as [string, string];
    expect(await store.verify("7", ` ${first.toUpperCase().replace("-", " ")} `)).toBe("recovery-code");
    expect(await store.verify("7", first)).toBeNull();
    expect(await store.status("7")).toEqual({ enrolled: true, recoveryLeft: 9 });
    // Two simultaneous uses of one code: one succeeds.
    const answers = await Promise.all([store.verify("7", second), store.verify("7", second)]);
    expect(answers.filter((answer) => answer === "recovery-code")).toHaveLength(1);
    expect(await store.status("7")).toEqual({ enrolled: true, recoveryLeft: 8 });
  });

  it("accepts nothing once the second factor is turned off, nor for another admin", async () => {
    const { store, clock } = storeAt(T0);
    const { secret, recoveryCodes } = await enrol(store, "7", T0);
    clock.now += 5 * STEP_MS;
    expect(await store.verify("8", totpCode(secret, clock.now))).toBeNull();
    await store.remove("7");
    expect(await store.verify("7", totpCode(secret, clock.now))).toBeNull();
    expect(await store.verify("7", recoveryCodes[0]!)).toBeNull();
  });
});

describe("the grace period", () => {
  it("is required of the upstream's admins only, and not at all when turned off", () => {
    expect(secondFactorRequired("admins", "ADMIN")).toBe(true);
    expect(secondFactorRequired("admins", "MODERATOR")).toBe(false);
    expect(secondFactorRequired("off", "ADMIN")).toBe(false);
  });

  it(`gives a required admin ${GRACE_DAYS} days from the first time it is asked, then makes it due`, async () => {
    const { store, clock } = storeAt(T0);
    const since = await store.requiredSince("7");
    expect(since).toBe(T0);
    clock.now = T0 + 3 * DAY_MS;
    // Kept from the first time: asking again does not start it again.
    expect(await store.requiredSince("7")).toBe(T0);

    expect(await store.requirement("7")).toEqual({ enrolled: false, since: T0 });
    expect(await store.requirement("8")).toEqual({ enrolled: false, since: clock.now });

    const grace = demandOf(true, false, since, clock.now);
    expect(grace).toEqual({ kind: "grace", until: T0 + GRACE_DAYS * DAY_MS });
    expect(graceDaysLeft(grace, clock.now)).toBe(GRACE_DAYS - 3);
    expect(graceDaysLeft(demandOf(true, false, since, T0 + GRACE_DAYS * DAY_MS - 1), 0)).not.toBeNull();
    expect(demandOf(true, false, since, T0 + GRACE_DAYS * DAY_MS)).toEqual({ kind: "due" });
    expect(demandOf(true, true, since, T0 + 30 * DAY_MS)).toEqual({ kind: "enrolled" });
    expect(demandOf(false, false, since, T0 + 30 * DAY_MS)).toEqual({ kind: "optional" });
    expect(graceDaysLeft({ kind: "due" }, clock.now)).toBeNull();
    await enrol(store, "7", clock.now);
    expect(await store.requirement("7")).toEqual({ enrolled: true });
  });
});

describe("configuration", () => {
  const good = { API_URL: "https://api.example.com/api", SESSION_SECRET: "s".repeat(32) };

  it("takes a 32-byte TOTP_ENCRYPTION_KEY in base64 or hex, and refuses anything else", () => {
    expect(
      parseEnv({ ...good, TOTP_ENCRYPTION_KEY: randomBytes(32).toString("base64") }).TOTP_ENCRYPTION_KEY,
    ).toBeTruthy();
    expect(
      parseEnv({ ...good, TOTP_ENCRYPTION_KEY: randomBytes(32).toString("hex") }).TOTP_ENCRYPTION_KEY,
    ).toBeTruthy();
    expect(() => parseEnv({ ...good, TOTP_ENCRYPTION_KEY: randomBytes(16).toString("base64") })).toThrow(
      /TOTP_ENCRYPTION_KEY must be 32 bytes in base64 or hex/,
    );
  });

  it("requires the second factor of admins unless SECOND_FACTOR_REQUIRED=off", () => {
    expect(parseEnv(good).SECOND_FACTOR_REQUIRED).toBe("admins");
    expect(parseEnv({ ...good, SECOND_FACTOR_REQUIRED: "off" }).SECOND_FACTOR_REQUIRED).toBe("off");
    expect(() => parseEnv({ ...good, SECOND_FACTOR_REQUIRED: "everyone" })).toThrow(/SECOND_FACTOR_REQUIRED/);
  });
});
