/**
 * Who is what on the panel (docs/product.md#roles-and-permissions, decision 078): the admins the
 * panel knows (each who signed in) and the role an Owner assigned each, in one record on the state
 * engine (`panel-roles:all`). The family MUST persist (docs/operations.md's table of families): losing
 * it turns every assigned Moderator and Viewer back into an Admin. A handful to a few dozen admins,
 * so one record, changed by compare and swap; each request reads it once, so a change made on one
 * instance holds on every instance at the admin's next request.
 */
import { z } from "zod";

import { env } from "~/config/env.server";
import { logLine } from "~/lib/log.server";
import { ASSIGNABLE_ROLES, type AssignableRole, type PanelRole } from "~/session/permissions";
import { stateFamily } from "~/state/family.server";

const family = stateFamily("panel-roles");
const KEY = "all";
/** A record that must persist: ten years, renewed by every write. */
const TTL_SECONDS = 10 * 365 * 24 * 3600;
const ATTEMPTS = 50;

const KnownAdminSchema = z.object({
  email: z.string(),
  name: z.string().nullable(),
  /** The upstream's role at their last sign-in, upper-cased. */
  upstreamRole: z.string(),
  /** The role an Owner assigned; null: the default (an upstream admin is an Admin). */
  assigned: z.enum(ASSIGNABLE_ROLES).nullable(),
  lastSignInAt: z.number().nullable(),
});
export type KnownAdmin = z.output<typeof KnownAdminSchema>;
const DirectorySchema = z.record(z.string(), KnownAdminSchema);
/** The known admins by upstream user id. */
export type Directory = Record<string, KnownAdmin>;

function parseDirectory(stored: string | undefined): Directory {
  if (stored === undefined) return {};
  try {
    const parsed = DirectorySchema.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

/** The record as this instance last read it: what an outage of the store falls back to. */
let lastRead: Directory | undefined;

/** The known admins and their assignments. Throws while the store does not answer. */
export async function readDirectory(): Promise<Directory> {
  lastRead = parseDirectory(await family.get(KEY));
  return lastRead;
}

/** Changes the directory at once (compare and swap, tried again when another instance changed it in between). */
async function changeDirectory(change: (directory: Directory) => Directory): Promise<void> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const held = await family.get(KEY);
    const value = JSON.stringify(change(parseDirectory(held)));
    if (value === held) return;
    const stored =
      held === undefined
        ? (await family.claim(KEY, value, TTL_SECONDS)) === undefined
        : await family.swap(KEY, held, value, TTL_SECONDS);
    if (stored) return;
  }
  throw new Error("the roles record was changed by another instance each time");
}

/** The Owners' emails (OWNER_EMAILS), lower-cased. */
export function ownerEmails(): ReadonlySet<string> {
  return new Set(env().OWNER_EMAILS);
}

/**
 * The panel role of an admin: an Owner by OWNER_EMAILS; an upstream account of another role than
 * admin is at most a Viewer (the upstream refuses its mutations); else what an Owner assigned, or Admin.
 */
export function panelRoleFor(
  admin: { email: string; upstreamRole: string },
  assigned: AssignableRole | null,
): PanelRole {
  if (admin.upstreamRole.toUpperCase() !== "ADMIN") return "VIEWER";
  if (ownerEmails().has(admin.email.trim().toLowerCase())) return "OWNER";
  return assigned ?? "ADMIN";
}

/**
 * The panel role of the admin `userId` now: read from the store on every request. While the store
 * does not answer, the roles this instance last read hold (an outage changes no one's role; no
 * change can be written meanwhile either); before any read, an Owner stays one and everyone else
 * is a Viewer: nothing is granted blind.
 */
export async function currentPanelRole(admin: {
  userId: string;
  email: string;
  upstreamRole: string;
}): Promise<PanelRole> {
  try {
    const known = (await readDirectory())[admin.userId];
    return panelRoleFor(admin, known?.assigned ?? null);
  } catch (error) {
    logLine("error", "roles not read: the last read holds", {
      error: error instanceof Error ? error.message : String(error),
    });
    if (lastRead) return panelRoleFor(admin, lastRead[admin.userId]?.assigned ?? null);
    return panelRoleFor(admin, null) === "OWNER" ? "OWNER" : "VIEWER";
  }
}

/** Notes a sign-in: the roles page lists every admin who signed in. A store that does not answer only loses the note. */
export async function noteSignIn(user: {
  id: string;
  email: string;
  name: string | null;
  role: string;
}): Promise<void> {
  try {
    await changeDirectory((directory) => ({
      ...directory,
      [user.id]: {
        email: user.email,
        name: user.name,
        upstreamRole: user.role.toUpperCase(),
        assigned: directory[user.id]?.assigned ?? null,
        lastSignInAt: Date.now(),
      },
    }));
  } catch (error) {
    logLine("warn", "sign-in not noted on the roles page", {
      error: error instanceof Error ? error.message : String(error),
    });
  }
}

/**
 * Assigns `role` to the known admin `userId` (one call, so a re-authentication can wrap it):
 * answers the role they had and have now, or null when the panel does not know them.
 */
export async function assignRole(
  userId: string,
  role: AssignableRole,
): Promise<{ before: PanelRole; after: PanelRole; admin: KnownAdmin } | null> {
  let result: { before: PanelRole; after: PanelRole; admin: KnownAdmin } | null = null;
  await changeDirectory((directory) => {
    const admin = directory[userId];
    if (!admin) {
      result = null;
      return directory;
    }
    const changed = { ...admin, assigned: role === "ADMIN" ? null : role };
    result = {
      before: panelRoleFor(admin, admin.assigned),
      after: panelRoleFor(changed, changed.assigned),
      admin: changed,
    };
    return { ...directory, [userId]: changed };
  });
  return result;
}
