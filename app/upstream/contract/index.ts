/** The upstream API contract, one module per resource; see docs/demo-api.md. */
export * from "./common.ts";
export * from "./auth.ts";
export * from "./users.ts";
export * from "./posts.ts";
export * from "./invites.ts";
export * from "./announcements.ts";
export * from "./memberships.ts";
export * from "./files.ts";
export * from "./notifications.ts";
