import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

// Mirrors docs/product.md#routes: the admin screens inside the main layout, the account pages outside.
export default [
  layout("routes/admin/layout.tsx", [
    index("routes/admin/dashboard.tsx"),
    route("users", "routes/admin/users/list.tsx"),
    route("users/bulk", "routes/admin/users/bulk.tsx"),
    // One results page for every list's batches (docs/product.md#bulk-actions).
    route("users/bulk/:batchId", "routes/admin/bulk-results.tsx", { id: "users-bulk-results" }),
    route("users/:id", "routes/admin/users/details.tsx"),
    route("users/view-invites/:id", "routes/admin/users/invites.tsx"),
    route("badge-requests", "routes/admin/badge-requests/list.tsx"),
    route("badge-requests/bulk", "routes/admin/badge-requests/bulk.tsx"),
    route("badge-requests/bulk/:batchId", "routes/admin/bulk-results.tsx", { id: "badge-requests-bulk-results" }),
    // The citizenship queue, and one request of it by its link (docs/product.md#citizenship-queue).
    route("badge-requests/review", "routes/admin/badge-requests/review.tsx", { id: "badge-queue" }),
    route("badge-requests/review/:id", "routes/admin/badge-requests/review.tsx", { id: "badge-queue-request" }),
    route("posts", "routes/admin/posts/list.tsx"),
    route("posts/bulk", "routes/admin/posts/bulk.tsx"),
    route("posts/bulk/:batchId", "routes/admin/bulk-results.tsx", { id: "posts-bulk-results" }),
    route("announcements", "routes/admin/announcements/list.tsx"),
    route("announcements/bulk", "routes/admin/announcements/bulk.tsx"),
    route("announcements/bulk/:batchId", "routes/admin/bulk-results.tsx", { id: "announcements-bulk-results" }),
    route("memberships", "routes/admin/memberships/list.tsx"),
    route("memberships/create", "routes/admin/memberships/create.tsx"),
    route("memberships/edit/:id", "routes/admin/memberships/edit.tsx"),
    route("memberships/view/:id", "routes/admin/memberships/view.tsx"),
    route("audit", "routes/admin/audit/list.tsx"),
    route("insights", "routes/admin/insights/insights.tsx"),
    // The saved messages a warning, a ban or a rejection sends (docs/product.md#saved-messages).
    route("messages", "routes/admin/messages/list.tsx"),
    route("account/sessions", "routes/admin/account/sessions.tsx"),
    route("account/two-factor", "routes/admin/account/two-factor.tsx"),
    // Who may do what: the Owners' page (docs/product.md#roles).
    route("roles", "routes/admin/roles/roles.tsx"),
  ]),
  // Passport downloads stream a file; they sit outside the layout so no page renders around them.
  route("users/:id/passport", "routes/admin/users/passport.tsx"),
  route("users/:id/certificate", "routes/admin/users/certificate.tsx"),
  // A list's CSV export: the list's address with .csv, the list's query (decision 059); files, like the passport.
  route("users.csv", "routes/admin/users/users-csv.ts"),
  route("users/:id/invites.csv", "routes/admin/users/invites-csv.ts"),
  route("users/:id/invitees.csv", "routes/admin/users/invitees-csv.ts"),
  route("badge-requests.csv", "routes/admin/badge-requests/badge-requests-csv.ts"),
  route("posts.csv", "routes/admin/posts/posts-csv.ts"),
  route("announcements.csv", "routes/admin/announcements/announcements-csv.ts"),
  route("memberships.csv", "routes/admin/memberships/memberships-csv.ts"),
  route("audit.csv", "routes/admin/audit/audit-csv.ts"),
  route("insights.csv", "routes/admin/insights/insights-csv.ts"),

  route("login", "routes/auth/login.tsx"),
  route("login/two-factor", "routes/auth/two-factor.tsx"),
  // The re-authentication challenge (decision 080): outside the shell, like sign-in's code form.
  route("account/confirm", "routes/auth/confirm.tsx"),
  route("logout", "routes/auth/logout.tsx"),
  route("forgot-password", "routes/auth/forgot-password.tsx"),
  route("reset-password", "routes/auth/reset-password.tsx"),
  route("verify", "routes/auth/verify.tsx"),
  route("delete-account", "routes/auth/delete-account.tsx"),
  route("accept-invite", "routes/auth/accept-invite.tsx"),
  route("get-app", "routes/auth/get-app.tsx"),

  ...prefix("resources", [route("sidebar", "routes/resources/sidebar.ts")]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
