/**
 * The panel's roles and what each may do: one matrix (role × action, role × personal field, and
 * every route's need), read by the root middleware that guards every request (app/recipe/route-guard.server.ts),
 * by the loaders that decide what a page offers, and by the sidebar (docs/product.md#roles-and-permissions,
 * decision 078). Nothing decides a permission elsewhere. A panel role never grants what the upstream
 * refuses: the upstream still decides every call it is asked.
 */

/** The four panel roles, from the most to the least trusted. */
export const PANEL_ROLES = ["OWNER", "ADMIN", "MODERATOR", "VIEWER"] as const;
export type PanelRole = (typeof PANEL_ROLES)[number];

/** The roles an Owner assigns on the roles page (Owners are named by OWNER_EMAILS only). */
export const ASSIGNABLE_ROLES = ["ADMIN", "MODERATOR", "VIEWER"] as const satisfies readonly PanelRole[];
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

/** How a role is written on a page. */
export const ROLE_LABELS: Record<PanelRole, string> = {
  OWNER: "Owner",
  ADMIN: "Admin",
  MODERATOR: "Moderator",
  VIEWER: "Viewer",
};

/** What a role may do: one name per thing the panel offers. */
export type PanelAction =
  /** Lists, details, the dashboard, one's own account pages (sessions, second factor). */
  | "read"
  /** Phone, date of birth, passport and certificate links, the passport download (role × field below). */
  | "read-personal"
  /** Delete a forum post. */
  | "delete-post"
  /** Approve or reject a citizenship request, the queue (which shows the passport). */
  | "decide-citizenship"
  /** Ban and un-ban a member. */
  | "ban"
  /** Verify a member. */
  | "verify"
  /** Send a member a push notification. */
  | "push"
  /** Create, edit, activate, pin and delete announcements. */
  | "announcements"
  /** Create, edit, activate and delete membership plans. */
  | "plans"
  /** Every list's CSV file. */
  | "export"
  /** /audit, its file and /insights: who did what, the failed sign-ins' addresses included. */
  | "read-audit"
  /** Write staff notes on a member, and edit or delete one's own (docs/product.md#staff-notes). */
  | "write-notes"
  /** Edit or delete another admin's staff note (its author always may). */
  | "edit-others-notes"
  /** /messages: create, edit and delete the saved messages (every role that sends picks from them). */
  | "edit-saved-messages"
  /** The roles page: change a role, reset a second factor, end an admin's sessions. */
  | "manage-roles";

/**
 * Role × action: the least trusted role that may do it; every more trusted role may too (decision 078).
 * Viewer reads; Moderator adds post deletion, citizenship decisions (with the passport), ban and
 * un-ban; Admin adds verify, push, announcements, plans, exports and the audit trail; Owner adds roles.
 */
const LEAST_ROLE: Record<PanelAction, PanelRole> = {
  read: "VIEWER",
  "read-personal": "MODERATOR",
  "delete-post": "MODERATOR",
  "decide-citizenship": "MODERATOR",
  ban: "MODERATOR",
  verify: "ADMIN",
  push: "ADMIN",
  announcements: "ADMIN",
  plans: "ADMIN",
  export: "ADMIN",
  "read-audit": "ADMIN",
  "write-notes": "MODERATOR",
  "edit-saved-messages": "ADMIN",
  "edit-others-notes": "OWNER",
  "manage-roles": "OWNER",
};

/** The personal fields a page may hold (spec: User, Badge request). */
export type PersonalField = "phone" | "dateOfBirth" | "passport" | "certificate";

/**
 * Role × field: the action a personal field needs. The email stays visible to every role: it names
 * the member in every list, dialog and audit entry (decision 078).
 */
export const FIELD_NEEDS: Record<PersonalField, PanelAction> = {
  phone: "read-personal",
  dateOfBirth: "read-personal",
  passport: "read-personal",
  certificate: "read-personal",
};

/** Whether `role` may do `action`. */
export function may(role: PanelRole | null | undefined, action: PanelAction): boolean {
  if (!role) return false;
  return PANEL_ROLES.indexOf(role) <= PANEL_ROLES.indexOf(LEAST_ROLE[action]);
}

/** Whether `role` may see the personal field `field`. */
export function maySee(role: PanelRole | null | undefined, field: PersonalField): boolean {
  return may(role, FIELD_NEEDS[field]);
}

/** Every action `role` may do (the shell's sidebar offers only their pages). */
export function capabilitiesOf(role: PanelRole | null): PanelAction[] {
  return (Object.keys(LEAST_ROLE) as PanelAction[]).filter((action) => may(role, action));
}

/**
 * What a request to a route needs. `public`: anyone (sign-in, the account emails' pages). Otherwise
 * an action for a GET (`read`) and one for a POST (`post`), and per intent (`intents`) the action a
 * posted `intent` (bulk pages: `action`) or an opened dialog (`?confirm=<intent>`, `?new`, `?edit`,
 * `?notify`) needs instead. An intent a route does not list keeps the route's need (the route
 * answers it 400).
 */
export type RouteNeed =
  | "public"
  | { read: PanelAction; post?: PanelAction; intents?: Readonly<Record<string, PanelAction>>; intentField?: string };

const NOTE_INTENTS = { "add-note": "write-notes", "edit-note": "write-notes", "delete-note": "write-notes" } as const;
/** User details' own: a warning is a sanction, as a ban is (docs/product.md#warnings-and-strikes). */
const WARN_INTENTS = { warn: "ban" } as const;
const USER_INTENTS = { ban: "ban", unban: "ban", verify: "verify", notify: "push" } as const;
const BADGE_INTENTS = { approve: "decide-citizenship", reject: "decide-citizenship" } as const;
/** "Delete and warn the author" is also a warning: a sanction, as a ban is (docs/product.md#posts). */
const POST_INTENTS = { delete: "delete-post", "delete-and-warn": "ban" } as const;
const ANNOUNCEMENT_INTENTS = Object.fromEntries(
  ["create", "update", "activate", "deactivate", "pin", "unpin", "delete", "toggle-status", "toggle-pinned"].map(
    (intent) => [intent, "announcements" as const],
  ),
);
const PLAN_INTENTS = { activate: "plans", deactivate: "plans", delete: "plans", sync: "plans" } as const;

/** A bulk page (review, Confirm, results, Retry): the least its list's actions need, and each action's own. */
function bulk(least: PanelAction, intents: Readonly<Record<string, PanelAction>>): RouteNeed {
  return { read: least, post: least, intents, intentField: "action" };
}

/**
 * Route × need, keyed by the route's pattern as React Router matches it (app/routes.ts). A route
 * missing here is refused to everyone (app/recipe/route-guard.server.ts), and the route × role test fails.
 */
export const ROUTE_NEEDS: Readonly<Record<string, RouteNeed>> = {
  "/": { read: "read", post: "decide-citizenship", intents: BADGE_INTENTS },
  "/users": { read: "read", post: "ban", intents: USER_INTENTS },
  "/users/bulk": bulk("ban", USER_INTENTS),
  "/users/bulk/:batchId": bulk("ban", USER_INTENTS),
  "/users/:id": { read: "read", post: "write-notes", intents: { ...USER_INTENTS, ...WARN_INTENTS, ...NOTE_INTENTS } },
  "/users/view-invites/:id": { read: "read" },
  "/badge-requests": { read: "read", post: "decide-citizenship", intents: BADGE_INTENTS },
  "/badge-requests/bulk": bulk("decide-citizenship", BADGE_INTENTS),
  "/badge-requests/bulk/:batchId": bulk("decide-citizenship", BADGE_INTENTS),
  "/badge-requests/review": { read: "decide-citizenship", post: "decide-citizenship" },
  "/badge-requests/review/:id": { read: "decide-citizenship", post: "decide-citizenship" },
  "/posts": { read: "read", post: "delete-post", intents: POST_INTENTS },
  "/posts/bulk": bulk("delete-post", POST_INTENTS),
  "/posts/bulk/:batchId": bulk("delete-post", POST_INTENTS),
  "/announcements": { read: "read", post: "announcements", intents: ANNOUNCEMENT_INTENTS },
  "/announcements/bulk": bulk("announcements", ANNOUNCEMENT_INTENTS),
  "/announcements/bulk/:batchId": bulk("announcements", ANNOUNCEMENT_INTENTS),
  "/memberships": { read: "read", post: "plans", intents: PLAN_INTENTS },
  "/memberships/create": { read: "plans", post: "plans" },
  "/memberships/edit/:id": { read: "plans", post: "plans" },
  "/memberships/view/:id": { read: "read", post: "plans", intents: PLAN_INTENTS },
  "/audit": { read: "read-audit" },
  "/insights": { read: "read-audit" },
  "/roles": { read: "manage-roles", post: "manage-roles" },
  "/messages": { read: "edit-saved-messages", post: "edit-saved-messages" },
  // One's own account: every role.
  "/account/sessions": { read: "read", post: "read" },
  "/account/two-factor": { read: "read", post: "read" },
  // The re-authentication challenge (decision 080): what it carries on is guarded on its own route.
  "/account/confirm": { read: "read", post: "read" },
  "/users/:id/passport": { read: "read-personal" },
  "/users/:id/certificate": { read: "read-personal" },
  "/users.csv": { read: "export" },
  "/users/:id/invites.csv": { read: "export" },
  "/users/:id/invitees.csv": { read: "export" },
  "/badge-requests.csv": { read: "export" },
  "/posts.csv": { read: "export" },
  "/announcements.csv": { read: "export" },
  "/memberships.csv": { read: "export" },
  "/audit.csv": { read: "read-audit" },
  "/insights.csv": { read: "read-audit" },
  "/login": "public",
  "/login/two-factor": "public",
  "/logout": "public",
  "/forgot-password": "public",
  "/reset-password": "public",
  "/verify": "public",
  "/delete-account": "public",
  "/accept-invite": "public",
  "/get-app": "public",
  // The no-JavaScript sidebar toggle: a cookie of the browser's own.
  "/resources/sidebar": "public",
  "/*": "public",
};

/** The dialog parameters of a GET that open a form, and the intent each opens (app/lib/dialog-url.ts). */
const DIALOG_INTENTS: Readonly<Record<string, string | null>> = {
  confirm: null,
  new: "create",
  edit: "update",
  notify: "notify",
  warn: "warn",
};

/** What a request asks of a route: its method, its posted intent, and its query. */
export interface RouteAsk {
  method: string;
  /** The posted `intent` (or a bulk page's `action`), when a form was posted. */
  posted?: (name: string) => string | null;
  query: URLSearchParams;
}

/**
 * The action a request to the route `pattern` needs: "public", or the action; null for a route
 * the matrix does not know (refused to everyone).
 */
export function neededAction(pattern: string, ask: RouteAsk): PanelAction | "public" | null {
  // React Router joins the matched paths without a leading slash ("users/:id"); the matrix writes "/users/:id".
  const key = pattern.startsWith("/") ? pattern : `/${pattern}`;
  if (!Object.hasOwn(ROUTE_NEEDS, key)) return null;
  const need = ROUTE_NEEDS[key]!;
  if (need === "public") return "public";
  const intents = need.intents ?? {};
  const of = (intent: string | null | undefined) =>
    intent && Object.hasOwn(intents, intent) ? intents[intent] : undefined;
  const field = need.intentField ?? "intent";
  if (ask.method === "GET" || ask.method === "HEAD") {
    const opened = [of(ask.query.get(field))];
    for (const [param, intent] of Object.entries(DIALOG_INTENTS)) {
      if (ask.query.has(param)) opened.push(of(intent ?? ask.query.get(param)));
    }
    return strictest([need.read, ...opened]);
  }
  return strictest([need.post ?? need.read, of(ask.posted?.(field) ?? ask.posted?.("intent"))]);
}

/** The action of `actions` the fewest roles may do: a request that asks for two needs both. */
function strictest(actions: readonly (PanelAction | undefined)[]): PanelAction {
  const known = actions.filter((action): action is PanelAction => action !== undefined);
  return known.reduce((a, b) => (PANEL_ROLES.indexOf(LEAST_ROLE[b]) < PANEL_ROLES.indexOf(LEAST_ROLE[a]) ? b : a));
}

/**
 * Whether `role` may ask the route `pattern` for `ask`: what a page offers (links, forms) is
 * checked with this too, so a page never offers what its target refuses.
 */
export function mayAsk(role: PanelRole | null, pattern: string, ask: RouteAsk): boolean {
  const needed = neededAction(pattern, ask);
  return needed === "public" || (needed !== null && may(role, needed));
}

/** Whether `role` may post `intent` to the route `pattern`: a row action, a bulk choice, a dialog a page offers. */
export function mayPost(role: PanelRole | null, pattern: string, intent: string): boolean {
  return mayAsk(role, pattern, { method: "POST", query: new URLSearchParams(), posted: () => intent });
}
