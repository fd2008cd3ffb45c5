/**
 * The verification links this panel has seen the upstream accept (decision 037). The upstream
 * answers a spent link exactly as an unknown or expired one ('Verification link is invalid or has
 * expired'), so only this record can tell a person whose link was opened first elsewhere (a mail
 * scanner that does not name itself, another browser or device) that the account is verified.
 * Only fingerprints of links the upstream accepted are kept, so strangers cannot grow it; on the
 * panel's state engine (app/state/), so every instance knows. May be lost: a later visit with the
 * link is then told what the upstream says.
 */
import { logLine } from "~/lib/log.server";
import { stateFamily } from "~/state/family.server";

/** As long as the demo API's links live; the provider's lifetime is not in the contract. */
const VERIFIED_LINK_SECONDS = 7 * 24 * 60 * 60;

const verifiedLinks = stateFamily("verified-link");

/** Records that the upstream accepted the link of `fingerprint` (tokenFingerprint). */
export async function rememberVerifiedLink(fingerprint: string): Promise<void> {
  try {
    await verifiedLinks.set(fingerprint, "1", VERIFIED_LINK_SECONDS);
  } catch (error) {
    // The person who used the link is told at once; only a later visit with it would not know.
    const reason = error instanceof Error ? error.message : String(error);
    logLine("warn", "verified link not recorded", { error: reason });
  }
}

/** Whether this panel saw the upstream accept the link of `fingerprint`. */
export async function wasVerifiedHere(fingerprint: string): Promise<boolean> {
  try {
    return (await verifiedLinks.get(fingerprint)) !== undefined;
  } catch {
    // redis.server.ts logs the outage once; the refusal then stands as the upstream gave it.
    return false;
  }
}
