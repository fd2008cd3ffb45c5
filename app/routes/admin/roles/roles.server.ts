/**
 * The roles page's server half (docs/product.md#roles, decision 079): the admins the panel knows,
 * and the Owner's three steps on one of them. Each step is one call of the outcome core (claim,
 * read, stale check, the panel's own change, one audit entry), so a re-authentication can wrap it.
 */
import { data } from "react-router";

import { ROLE_TEXTS, type AdminRow } from "./role-texts";
import { env } from "~/config/env.server";
import { formatDateTime } from "~/lib/format";
import { logLine } from "~/lib/log.server";
import { answerOutcome, applyAction } from "~/recipe/outcome.server";
import { requireReauthentication } from "~/recipe/reauthentication.server";
import { assignRole, type KnownAdmin, ownerEmails, panelRoleFor, readDirectory } from "~/session/panel-roles.server";
import { type AssignableRole, ROLE_LABELS } from "~/session/permissions";
import { secondFactors } from "~/session/second-factor-store.server";
import { endSessionByRef, sessionsOf, sessionTarget } from "~/session/session-records.server";
import { replaceWithInfo, replaceWithSuccess, replaceWithWarning } from "~/session/toast.server";
import { type SignedInUser } from "~/session/user.server";

/** One known admin as the page shows it (and as each step reads it, under its claim). */
async function adminRow(userId: string, admin: KnownAdmin, me: SignedInUser): Promise<AdminRow> {
  const role = panelRoleFor(admin, admin.assigned);
  const [factor, sessions] = await Promise.all([secondFactors().status(userId), sessionsOf(userId, "")]);
  return {
    id: userId,
    email: admin.email,
    name: admin.name,
    role,
    roleLabel: ROLE_LABELS[role],
    upstreamAdmin: admin.upstreamRole === "ADMIN",
    owner: ownerEmails().has(admin.email.trim().toLowerCase()),
    self: userId === me.userId,
    secondFactor: factor.enrolled,
    sessions: sessions.length,
    lastSignIn: admin.lastSignInAt === null ? null : formatDateTime(admin.lastSignInAt, env().APP_TIMEZONE),
  };
}

/** The known admin `userId`'s row, or null when the panel does not know them. */
async function readAdmin(userId: string, me: SignedInUser): Promise<AdminRow | null> {
  const admin = (await readDirectory())[userId];
  return admin ? adminRow(userId, admin, me) : null;
}

/** The page: every admin the panel knows, by email; a store that does not answer is the error state (503). */
/** How a challenge names the admin an Owner acts on: their email, or "an admin" when unknown. */
async function adminLabel(userId: string, me: SignedInUser): Promise<string> {
  return (await readAdmin(userId, me))?.email ?? "an admin";
}

export async function loadRoles(me: SignedInUser) {
  try {
    const directory = await readDirectory();
    const rows = await Promise.all(Object.entries(directory).map(([id, admin]) => adminRow(id, admin, me)));
    rows.sort((a, b) => a.email.localeCompare(b.email));
    return { admins: rows, error: null };
  } catch (error) {
    logLine("error", "roles not read", { error: error instanceof Error ? error.message : String(error) });
    return data({ admins: [] as AdminRow[], error: ROLE_TEXTS.loadError }, { status: 503 });
  }
}

/** Why the Owner's steps do not apply to a row: themself, another Owner (named by OWNER_EMAILS). */
function untouchable(row: AdminRow): string | null {
  if (row.self) return ROLE_TEXTS.notYourself;
  if (row.owner) return ROLE_TEXTS.ownerByConfig;
  return null;
}

/** Changes the admin `userId`'s role to `role`: one audited step ("Admin → Moderator"). */
export async function changeRole(
  request: Request,
  back: string,
  me: SignedInUser,
  userId: string,
  role: AssignableRole,
) {
  // A role change needs a re-authentication in the last 15 minutes (decision 080).
  await requireReauthentication(
    request,
    `Change the role of ${await adminLabel(userId, me)} to ${ROLE_LABELS[role]}`,
    back,
  );
  let change = "";
  const { outcome } = await applyAction(
    {
      target: { kind: "user", id: userId },
      action: "change-role",
      admin: me.email,
      read: async () => {
        const row = await readAdmin(userId, me);
        return row ? { name: row.email, state: row } : null;
      },
      notFound: ROLE_TEXTS.unknownAdmin,
      stale: (row) =>
        untouchable(row) ??
        (!row.upstreamAdmin
          ? ROLE_TEXTS.notUpstreamAdmin
          : row.role === role
            ? ROLE_TEXTS.already(row.email, role)
            : null),
      send: async () => {
        const changed = await assignRole(userId, role);
        if (changed) change = `${ROLE_LABELS[changed.before]} → ${ROLE_LABELS[changed.after]}`;
      },
      doneDetail: () => change || null,
      panelOnly: true,
    },
    env().APP_TIMEZONE,
  );
  return answerOutcome(request, back, outcome, { done: ROLE_TEXTS.roleChanged, failed: ROLE_TEXTS.failed });
}

/** Resets the admin `userId`'s second factor: they enrol again at their next sign-in. One audited step. */
export async function resetSecondFactor(request: Request, back: string, me: SignedInUser, userId: string) {
  // So does resetting another admin's second factor (decision 080).
  await requireReauthentication(
    request,
    `Reset the two-factor authentication of ${await adminLabel(userId, me)}`,
    back,
  );
  const { outcome } = await applyAction(
    {
      target: { kind: "user", id: userId },
      action: "reset-second-factor",
      admin: me.email,
      read: async () => {
        const row = await readAdmin(userId, me);
        return row ? { name: row.email, state: row } : null;
      },
      notFound: ROLE_TEXTS.unknownAdmin,
      stale: (row) => untouchable(row) ?? (row.secondFactor ? null : ROLE_TEXTS.noFactor(row.email)),
      send: async () => {
        await secondFactors().remove(userId);
      },
      panelOnly: true,
    },
    env().APP_TIMEZONE,
  );
  return answerOutcome(request, back, outcome, { done: ROLE_TEXTS.factorReset, failed: ROLE_TEXTS.failed });
}

/** Ends every session of the admin `userId`: each through the outcome core, each its own audit entry. */
export async function endSessionsOf(request: Request, back: string, me: SignedInUser, userId: string) {
  const row = await readAdmin(userId, me);
  const refused = row ? untouchable(row) : ROLE_TEXTS.unknownAdmin;
  const sessions = row && !refused ? await sessionsOf(userId, "") : [];
  if (refused || sessions.length === 0) {
    const why = refused ?? ROLE_TEXTS.noSessions(row?.email ?? userId);
    const { outcome } = await applyAction(
      {
        target: { kind: "user", id: userId },
        action: "sign-out",
        admin: me.email,
        read: async () => null,
        notFound: why,
        send: async () => {},
        panelOnly: true,
      },
      env().APP_TIMEZONE,
    );
    return answerOutcome(request, back, outcome, { failed: ROLE_TEXTS.failed });
  }
  let ended = 0;
  for (const session of sessions) {
    const target = sessionTarget(session.ref, session.record);
    const { outcome } = await applyAction(
      {
        target: { kind: "session", id: session.ref },
        action: "sign-out",
        admin: me.email,
        read: async () => ({ name: target.name ?? null, state: session }),
        send: async () => {
          await endSessionByRef(userId, session.ref);
        },
        doneDetail: () => `ended by an Owner: ${row!.email}'s session`,
        panelOnly: true,
      },
      env().APP_TIMEZONE,
    );
    if (outcome.result === "done") ended += 1;
  }
  if (ended < sessions.length) return replaceWithWarning(request, back, ROLE_TEXTS.someEnded(ended, sessions.length));
  if (ended === 0) return replaceWithInfo(request, back, ROLE_TEXTS.noSessions(row!.email));
  return replaceWithSuccess(request, back, ROLE_TEXTS.sessionsEnded(row!.email, ended));
}
