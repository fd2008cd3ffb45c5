import { data } from "react-router";

import { SESSION_TEXTS, type SessionRow } from "./session-confirmations";
import { env } from "~/config/env.server";
import { formatDateTime } from "~/lib/format";
import { logLine } from "~/lib/log.server";
import { type RowAction, applyAction } from "~/recipe/outcome.server";
import { recordAuditEntry } from "~/audit/record.server";
import { endSessionByRef, type ListedSession, sessionsOf, sessionTarget } from "~/session/session-records.server";
import { replaceWithInfo, replaceWithSuccess, replaceWithWarning } from "~/session/toast.server";
import { browserAndDevice } from "~/session/user-agent";
import { currentSession, getCurrentUser } from "~/session/user.server";

/** The signed-in admin's live sessions, this one first (the page's rows and its actions' reads). */
async function mySessions(request: Request): Promise<ListedSession[]> {
  const { userId } = await currentSession(request);
  return sessionsOf(userId, getCurrentUser(request).sessionId ?? "");
}

/** A session as the page shows it: its browser and device, address, and its times in APP_TIMEZONE. */
function sessionRow({ ref, current, record }: ListedSession): SessionRow {
  const { APP_TIMEZONE } = env();
  return {
    id: ref,
    current,
    device: browserAndDevice(record.userAgent),
    address: record.address,
    signedInAt: new Date(record.signedInAt).toISOString(),
    signedIn: formatDateTime(record.signedInAt, APP_TIMEZONE),
    lastSeenAt: new Date(record.lastSeenAt).toISOString(),
    lastSeen: formatDateTime(record.lastSeenAt, APP_TIMEZONE),
  };
}

/**
 * The sessions page (docs/product.md#sessions): the admin's sessions from the panel's store; a
 * store that does not answer is the error state (503), not a list of what this instance knows.
 */
export async function loadSessions(request: Request) {
  try {
    return { sessions: (await mySessions(request)).map(sessionRow), error: null };
  } catch (error) {
    if (error instanceof Response) throw error;
    logLine("error", "sessions not read", { error: error instanceof Error ? error.message : String(error) });
    return data({ sessions: [] as SessionRow[], error: SESSION_TEXTS.loadError }, { status: 503 });
  }
}

/**
 * Sign out one session of the admin's (its `ref`): the outcome core's row action, a step of the
 * panel's own, audited with the session's reference and name. This session is signed out from the
 * user menu; one already ended is refused as such.
 */
export function sessionSignOut(request: Request, ref: string): RowAction<SessionRow> {
  return {
    target: { kind: "session", id: ref },
    action: "sign-out",
    read: async () => {
      const listed = (await mySessions(request)).find((session) => session.ref === ref);
      if (!listed) return null;
      return { name: sessionTarget(listed.ref, listed.record).name ?? null, state: sessionRow(listed) };
    },
    notFound: SESSION_TEXTS.ended,
    stale: (row) => (row.current ? SESSION_TEXTS.thisSession : null),
    send: async () => {
      await endSessionByRef((await currentSession(request)).userId, ref);
    },
    panelOnly: true,
    done: SESSION_TEXTS.signedOut,
    failed: SESSION_TEXTS.failed,
  };
}

/**
 * Sign out every session of the admin's but this one: each through the outcome core, each its own
 * audit entry; one toast says how many ended.
 */
export async function signOutOtherSessions(request: Request, back: string) {
  const admin = getCurrentUser(request).email;
  const others = (await mySessions(request)).filter(({ current }) => !current);
  if (others.length === 0) {
    await recordAuditEntry({ admin, action: "sign-out", result: "refused", detail: SESSION_TEXTS.noOthers });
    return replaceWithInfo(request, back, SESSION_TEXTS.noOthers);
  }
  let ended = 0;
  for (const other of others) {
    const { outcome } = await applyAction({ ...sessionSignOut(request, other.ref), admin }, env().APP_TIMEZONE);
    if (outcome.result === "done") ended += 1;
  }
  if (ended < others.length)
    return replaceWithWarning(request, back, SESSION_TEXTS.someSignedOut(ended, others.length));
  return replaceWithSuccess(request, back, SESSION_TEXTS.othersSignedOut(ended));
}
