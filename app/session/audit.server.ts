import { getCurrentUser } from "~/session/user.server";

const READ_ONLY = new Set(["GET", "HEAD"]);

/**
 * The audit trail: one JSON line on stdout for every admin mutation that reached the upstream
 * (time, admin email, action, target id, upstream status, result). The action is the upstream
 * call ("PATCH /announcements/42/toggle-status"), so the target is in it too. Bodies are never
 * logged, so passwords, tokens and security keys cannot end up here; public calls (sign-in,
 * password and account pages) are not admin actions and are left out.
 */
export function audit(request: Request, method: string, call: { path: string; body?: unknown; public?: boolean }, status: number): void {
  if (READ_ONLY.has(method) || call.public) return;
  const time = new Date().toISOString();
  void getCurrentUser(request).then((user) => {
    console.log(
      JSON.stringify({
        time,
        level: "info",
        msg: "admin action",
        admin: user.email,
        action: `${method} ${call.path}`,
        target: targetOf(call.path) ?? bodyId(call.body),
        status,
        result: status >= 200 && status < 300 ? "ok" : "failed",
      }),
    );
  });
}

/** The entity id an upstream path acts on: its first numeric or id-like segment after the resource. */
export function targetOf(path: string): string | null {
  const segments = path.split("/").filter(Boolean);
  return segments.find((segment, index) => index > 0 && /\d/.test(segment) && /^[A-Za-z0-9_-]+$/.test(segment)) ?? null;
}

/** The `id` a body carries (PUT /membership-plan/edit names its plan there). */
function bodyId(body: unknown): string | null {
  const id = (body as { id?: unknown } | undefined)?.id;
  return typeof id === "string" || typeof id === "number" ? String(id) : null;
}
