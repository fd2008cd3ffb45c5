/**
 * Ends timed bans on their own (docs/product.md#bans-with-an-end, decision 074). Every instance
 * ticks every BAN_END_TICK_SECONDS: it reads the pending ends (ban-ends.server.ts), takes each due
 * one by compare-and-swap (of two instances one gets it), and sends its un-ban through the outcome
 * core like any action: the member's claim, a read of their state, `GET /users/un-ban/{id}` only
 * when they are still banned, and the audit entry History shows ("Un-banned: the ban ended", or
 * that the member was no longer banned and nothing was sent). After a restart the first tick
 * finds the ends that passed while it was down. No admin is there to ask: the panel signs in to
 * the upstream with BAN_END_EMAIL for the tick that has something to send, and signs out after.
 */
import { dueBanEnds, finishEnd, giveBackEnd, type TakenEnd, takeDueEnd } from "~/bans/ban-ends.server";
import { env } from "~/config/env.server";
import { now } from "~/lib/clock.server";
import { logLine } from "~/lib/log.server";
import { applyAction, type Outcome, OUTCOME_TEXTS } from "~/recipe/outcome.server";
import { signIn, signOut } from "~/upstream/auth.server";
import { UPSTREAM_SESSION_COOKIE } from "~/upstream/contract/auth";
import { getUser, unbanUser } from "~/upstream/users.server";
import { withRequestContext } from "~/lib/request-context.server";
import { createRouterContext } from "~/server-context";
import { upstreamAccess } from "~/session/upstream-access.server";
import { panelSessionContext } from "~/upstream/panel-session.server";

/** Who the audit entry of an end names: no admin, the panel's schedule. */
export const BAN_END_ADMIN = "the panel (ban end)";
/** The trail's intent of an end's un-ban (its word: app/audit/entry.ts). */
export const BAN_END_ACTION = "end-ban";
/** Why an end sent nothing: what History says. */
export const NO_LONGER_BANNED = "The member was no longer banned: nothing was sent";

/** How long an instance holds a due end while it sends it: beyond the outcome core's own claim. */
const HOLD_MS = 3 * 60_000;

/** A request that carries the panel's own upstream session, signed in when first needed. */
class PanelSession {
  private cookie: string | null = null;

  async request(): Promise<Request> {
    if (!this.cookie) {
      const { BAN_END_EMAIL: email, BAN_END_PASSWORD: password } = env();
      if (!email || !password) throw new Error("BAN_END_EMAIL and BAN_END_PASSWORD are not set");
      const { setCookies } = await signIn(new Request("http://panel.internal/ban-ends", { method: "POST" }), {
        email,
        password,
      });
      const line = setCookies.find((candidate) => candidate.startsWith(`${UPSTREAM_SESSION_COOKIE}=`));
      if (!line) throw new Error("the upstream's sign-in set no session");
      this.cookie = line.split(";")[0]!;
    }
    return new Request("http://panel.internal/ban-ends", { headers: { cookie: this.cookie } });
  }

  async end(): Promise<void> {
    if (!this.cookie) return;
    try {
      await signOut(await this.request());
    } catch {
      // The session lapses upstream on its own.
    }
    this.cookie = null;
  }
}

/** Whether an end is over: sent, or nothing to send (not banned, gone). Else it is tried again next tick. */
function settled(outcome: Outcome): boolean {
  if (outcome.result === "done") return true;
  return outcome.result === "refused" && (outcome.why === NO_LONGER_BANNED || outcome.why === OUTCOME_TEXTS.notFound);
}

async function endOne(taken: TakenEnd, session: PanelSession): Promise<void> {
  const request = await session.request();
  const { userId, end } = taken;
  const { outcome } = await applyAction(
    {
      target: { kind: "user", id: userId },
      action: BAN_END_ACTION,
      admin: BAN_END_ADMIN,
      reason: end.reason,
      read: async () => {
        const user = await getUser(request, userId);
        return { name: user.fullName?.trim() || user.email, state: user.isBanned };
      },
      stale: (banned) => (banned ? null : NO_LONGER_BANNED),
      send: () => unbanUser(request, userId),
    },
    env().APP_TIMEZONE,
  );
  if (settled(outcome)) await finishEnd(taken);
  else {
    logLine("warn", "a ban's end was not sent: tried again", { user: userId, result: outcome.result });
    await giveBackEnd(taken);
  }
}

/** One tick: every due end this instance can take, sent one after the other. */
export async function endDueBans(): Promise<void> {
  const due = await dueBanEnds(now());
  if (due.length === 0) return;
  const session = new PanelSession();
  try {
    for (const userId of due) {
      const taken = await takeDueEnd(userId, now(), HOLD_MS);
      if (!taken) continue;
      try {
        await endOne(taken, session);
      } catch (error) {
        // A sign-in refused, an upstream 401 (thrown as a Response), a store away: the end waits.
        logLine("error", "a ban's end could not be sent: tried again", {
          user: userId,
          error: error instanceof Response ? `upstream answered ${error.status}` : String(error),
        });
        await giveBackEnd(taken).catch(() => undefined);
      }
    }
  } finally {
    await session.end();
  }
}

/**
 * What a tick runs in: a router context of its own, as a request has (the upstream client reaches
 * the panel's session checks through it), with no browser behind it.
 */
function tickContext() {
  const context = createRouterContext({ nonce: "", clientIp: "panel" });
  context.set(panelSessionContext, upstreamAccess);
  return context;
}

let timer: NodeJS.Timeout | undefined;
let running: Promise<void> | null = null;

/** At boot: ticks every BAN_END_TICK_SECONDS (the first one at once: ends that passed while down). */
export function startBanEnds(): void {
  if (timer) return;
  const tick = () => {
    if (running) return;
    running = withRequestContext(tickContext(), endDueBans)
      .catch((error: unknown) => logLine("error", "the ban ends' tick failed", { error: String(error) }))
      .finally(() => (running = null));
  };
  timer = setInterval(tick, env().BAN_END_TICK_SECONDS * 1000);
  timer.unref();
  tick();
}

/** At shutdown, before the trail closes: no new tick, and the one running ends. */
export async function stopBanEnds(): Promise<void> {
  clearInterval(timer);
  timer = undefined;
  await running;
}
