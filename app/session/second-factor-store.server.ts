/**
 * Each admin's second factor on the panel's state engine (docs/operations.md#the-panels-state),
 * family `second-factor`, keyed by the upstream user's id:
 * - `enrolled:<id>`: the sealed TOTP secret and the digests of the recovery codes left. Must persist
 *   (a lost one turns the admin's second factor off).
 * - `grace:<id>`: when the second factor became required for them. Must persist (a lost one starts
 *   the grace period again).
 * - `used:<id>:<step>`: a code that signed in, refused for the rest of its window. Must not be
 *   evicted within its 2 minutes (a lost one lets that code in again).
 * - `setup:<id>`: the secret of an enrolment not yet confirmed, 15 minutes. May be lost (set up again).
 */
import { z } from "zod";

import { type StateFamily, stateFamily } from "~/state/family.server";
import { matchingStep, newTotpSecret, TOTP_STEP_SECONDS, TOTP_WINDOW } from "~/session/second-factor-totp.server";
import {
  newRecoveryCodes,
  recoveryCodeDigest,
  seal,
  secondFactorKey,
  unseal,
} from "~/session/second-factor-secrets.server";

/** Records that must persist live this long: ten years, renewed by every write. */
const LASTING_SECONDS = 10 * 365 * 86_400;
/** How long an enrolment waits for its confirming code. */
const SETUP_SECONDS = 15 * 60;
/** How long a used code is remembered: past the last moment its step is still accepted. */
const USED_CODE_SECONDS = (2 * TOTP_WINDOW + 2) * TOTP_STEP_SECONDS;

const EnrolmentSchema = z.object({
  sealed: z.string(),
  enrolledAt: z.number(),
  /** Digests of the recovery codes not yet used. */
  recovery: z.array(z.string()),
});
type Enrolment = z.output<typeof EnrolmentSchema>;

/** How a code was accepted: an authenticator's code, or one of the recovery codes (then spent). */
export type AcceptedCode = "code" | "recovery-code";

/** What a store of second factors needs: its family, a clock and the key of its secrets. */
export interface SecondFactorStoreOptions {
  family?: StateFamily;
  now?: () => number;
  key?: () => Buffer;
}

/** The second factors kept on `family` (the process's state engine unless a test gives one). */
export function secondFactorStore({
  family = stateFamily("second-factor"),
  now = Date.now,
  key = secondFactorKey,
}: SecondFactorStoreOptions = {}) {
  const readEnrolment = async (userId: string): Promise<{ raw: string; enrolment: Enrolment } | undefined> => {
    const raw = await family.get(`enrolled:${userId}`);
    if (raw === undefined) return undefined;
    const parsed = EnrolmentSchema.safeParse(JSON.parse(raw));
    return parsed.success ? { raw, enrolment: parsed.data } : undefined;
  };

  /** A TOTP code of `secret` not used before in its window: it is then marked used (one caller gets it). */
  const spendCode = async (userId: string, secret: Buffer, code: string): Promise<boolean> => {
    const step = matchingStep(secret, code, now());
    if (step === null) return false;
    return (await family.claim(`used:${userId}:${step}`, "1", USED_CODE_SECONDS)) === undefined;
  };

  /** Removes one recovery code from the enrolment at once: of two uses of one code, one succeeds. */
  const spendRecoveryCode = async (userId: string, typed: string): Promise<boolean> => {
    const digest = recoveryCodeDigest(typed, key());
    for (let attempt = 0; attempt < 3; attempt++) {
      const held = await readEnrolment(userId);
      if (!held || !held.enrolment.recovery.includes(digest)) return false;
      const left = { ...held.enrolment, recovery: held.enrolment.recovery.filter((kept) => kept !== digest) };
      if (await family.swap(`enrolled:${userId}`, held.raw, JSON.stringify(left), LASTING_SECONDS)) return true;
    }
    return false;
  };

  /** When the second factor became required for `userId`: the first time this is asked, kept from then on. */
  const requiredSince = async (userId: string): Promise<number> => {
    const started = String(now());
    const held = await family.claim(`grace:${userId}`, started, LASTING_SECONDS);
    return Number(held ?? started);
  };

  return {
    /** Whether `userId` signs in with a second factor, and how many recovery codes they have left. */
    async status(userId: string): Promise<{ enrolled: false } | { enrolled: true; recoveryLeft: number }> {
      const held = await readEnrolment(userId);
      return held ? { enrolled: true, recoveryLeft: held.enrolment.recovery.length } : { enrolled: false };
    },

    /** The secret of `userId`'s enrolment in progress: the one kept for the last 15 minutes, or a new one. */
    async setupSecret(userId: string): Promise<Buffer> {
      const kept = await family.get(`setup:${userId}`);
      const secret = kept === undefined ? undefined : unseal(kept, `setup:${userId}`, key());
      if (secret) return secret;
      const fresh = newTotpSecret();
      await family.set(`setup:${userId}`, seal(fresh, `setup:${userId}`, key()), SETUP_SECONDS);
      return fresh;
    },

    /**
     * Confirms the enrolment in progress with a code of its secret: the second factor is then on,
     * and the answer holds the recovery codes (shown once; only their digests are kept). Null when
     * the code is wrong, the setup has expired, or the admin is enrolled already.
     */
    async confirm(userId: string, code: string): Promise<{ recoveryCodes: string[] } | null> {
      const kept = await family.get(`setup:${userId}`);
      const secret = kept === undefined ? undefined : unseal(kept, `setup:${userId}`, key());
      if (!secret || !(await spendCode(userId, secret, code))) return null;
      const recoveryCodes = newRecoveryCodes();
      const enrolment: Enrolment = {
        sealed: seal(secret, `enrolled:${userId}`, key()),
        enrolledAt: now(),
        recovery: recoveryCodes.map((recoveryCode) => recoveryCodeDigest(recoveryCode, key())),
      };
      const held = await family.claim(`enrolled:${userId}`, JSON.stringify(enrolment), LASTING_SECONDS);
      if (held !== undefined) return null;
      await family.delete(`setup:${userId}`);
      return { recoveryCodes };
    },

    /**
     * Checks a code typed by `userId`: a TOTP code within a step of now and not used before in its
     * window, or an unused recovery code (spent by this). Null when it is neither, or they are not enrolled.
     */
    async verify(userId: string, typed: string): Promise<AcceptedCode | null> {
      const held = await readEnrolment(userId);
      if (!held) return null;
      const code = typed.replace(/\s/g, "");
      if (/^\d+$/.test(code)) {
        const secret = unseal(held.enrolment.sealed, `enrolled:${userId}`, key());
        return secret && (await spendCode(userId, secret, code)) ? "code" : null;
      }
      return (await spendRecoveryCode(userId, typed)) ? "recovery-code" : null;
    },

    /** Turns `userId`'s second factor off (the caller has checked a code first). */
    async remove(userId: string): Promise<void> {
      await family.delete(`enrolled:${userId}`);
    },

    requiredSince,

    /**
     * For an admin who must have a second factor: whether they have one and, if not, since when it
     * is required (requiredSince). One read (a Redis MGET) once the grace period has started.
     */
    async requirement(userId: string): Promise<{ enrolled: true } | { enrolled: false; since: number }> {
      const [enrolled, grace] = await family.getMany([`enrolled:${userId}`, `grace:${userId}`]);
      if (enrolled !== undefined) return { enrolled: true };
      return { enrolled: false, since: grace === undefined ? await requiredSince(userId) : Number(grace) };
    },
  };
}

/** The store of the process's state engine. */
export type SecondFactorStore = ReturnType<typeof secondFactorStore>;

let processStore: SecondFactorStore | undefined;

/** The second factors on the process's state engine. */
export function secondFactors(): SecondFactorStore {
  processStore ??= secondFactorStore();
  return processStore;
}
