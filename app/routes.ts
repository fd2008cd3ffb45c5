import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

// Mirrors spec section 2.1: the admin screens inside the main layout, the account pages outside.
export default [
  layout("routes/admin/layout.tsx", [index("routes/admin/dashboard.tsx")]),

  route("login", "routes/auth/login.tsx"),
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
