import type { Route } from "./+types/roles";
import type { AdminRow } from "./role-texts";
import { changeRole, endSessionsOf, loadRoles, resetSecondFactor } from "./roles.server";
import { Badge } from "~/components/ui/badge";
import { buttonClass } from "~/components/ui/button";
import { DetailField } from "~/components/ui/detail-field";
import { EmptyState } from "~/components/ui/empty-state";
import { inputClass } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/form-actions";
import { PageHeader } from "~/components/ui/page-header";
import { RolesActionSchema } from "./roles-form.server";
import { parseSubmission, runOnce, unhandledIntent } from "~/recipe/submission.server";
import { MutationForm } from "~/recipe/mutation-form";
import { ASSIGNABLE_ROLES, ROLE_LABELS } from "~/session/permissions";
import { requireCapability } from "~/session/user.server";

export async function loader({ request }: Route.LoaderArgs) {
  return loadRoles(await requireCapability(request, "manage-roles"));
}

/**
 * An Owner's steps on another admin (docs/product.md#roles): change their role, reset their second
 * factor, end their sessions. Each is one call, audited by the outcome core.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const me = await requireCapability(request, "manage-roles");
  return runOnce({ request, context }, async ({ request, form, back }) => {
    const submission = parseSubmission(form, RolesActionSchema);
    if (!submission.ok) return submission.rejected;
    const posted = submission.value;
    switch (posted.intent) {
      case "change-role":
        return changeRole(request, back, me, posted.id, posted.role);
      case "reset-second-factor":
        return resetSecondFactor(request, back, me, posted.id);
      case "end-sessions":
        return endSessionsOf(request, back, me, posted.id);
      default:
        return unhandledIntent(posted);
    }
  });
}

export const meta: Route.MetaFunction = () => [{ title: "Roles · Admin Dashboard" }];

/** Who may do what on the panel (docs/product.md#roles): every admin who signed in, and the Owner's steps. */
export default function Roles({ loaderData }: Route.ComponentProps) {
  const { admins, error } = loaderData;
  return (
    <div className="space-y-6">
      <PageHeader
        title="Roles"
        subtitle="Viewers read without personal data; Moderators also delete posts, decide citizenship and ban; Admins also verify, notify, edit announcements and plans, export and read the audit trail; Owners also manage roles."
      />
      {error ? (
        <EmptyState card tone="error" title={error} />
      ) : admins.length === 0 ? (
        <EmptyState card title="No admin has signed in yet" />
      ) : (
        <ul aria-label="Admins" className="role-list">
          {admins.map((admin) => (
            <AdminItem key={admin.id} admin={admin} />
          ))}
        </ul>
      )}
    </div>
  );
}

/** One admin: who they are, their role, factor and sessions, and the Owner's steps where they apply. */
function AdminItem({ admin }: { admin: AdminRow }) {
  const changeable = !admin.self && !admin.owner;
  return (
    <li className="role-item">
      <div className="min-w-0 space-y-3">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium wrap-anywhere text-slate-900">{admin.name || admin.email}</span>
          <Badge tone={admin.role === "VIEWER" ? "gray" : "blue"}>{admin.roleLabel}</Badge>
          {admin.self ? <Badge tone="green">You</Badge> : null}
        </p>
        <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-4">
          <DetailField label="Email" className="wrap-anywhere">
            {admin.email}
          </DetailField>
          <DetailField label="Two-factor">{admin.secondFactor ? "On" : "Off"}</DetailField>
          <DetailField label="Sessions">{String(admin.sessions)}</DetailField>
          <DetailField label="Last sign-in">{admin.lastSignIn ?? "Never"}</DetailField>
        </dl>
        {!admin.upstreamAdmin ? (
          <p className="text-sm text-slate-600">Not an admin upstream: at most a Viewer.</p>
        ) : null}
      </div>
      {changeable ? (
        <div className="role-steps">
          {admin.upstreamAdmin ? (
            <MutationForm className="flex items-end gap-2" preventScrollReset>
              <input type="hidden" name="intent" value="change-role" />
              <input type="hidden" name="id" value={admin.id} />
              <label className="text-sm">
                <span className="block font-medium text-slate-700">Role</span>
                <select name="role" defaultValue={admin.role} className={`${inputClass} mt-1`}>
                  {ASSIGNABLE_ROLES.map((role) => (
                    <option key={role} value={role}>
                      {ROLE_LABELS[role]}
                    </option>
                  ))}
                </select>
              </label>
              <SubmitButton className={buttonClass("secondary", "sm")} pendingLabel="Changing...">
                Change role<span className="sr-only">{` of ${admin.email}`}</span>
              </SubmitButton>
            </MutationForm>
          ) : null}
          {admin.secondFactor ? (
            <OwnerStep admin={admin} intent="reset-second-factor" label="Reset two-factor" pending="Resetting..." />
          ) : null}
          {admin.sessions > 0 ? (
            <OwnerStep admin={admin} intent="end-sessions" label="Sign out everywhere" pending="Signing out..." />
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

/** A step that posts at once, its button naming the admin for screen readers. */
function OwnerStep({
  admin,
  intent,
  label,
  pending,
}: {
  admin: AdminRow;
  intent: string;
  label: string;
  pending: string;
}) {
  return (
    <MutationForm preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={admin.id} />
      <SubmitButton className={buttonClass("danger", "sm")} pendingLabel={pending}>
        {label}
        <span className="sr-only">{` of ${admin.email}`}</span>
      </SubmitButton>
    </MutationForm>
  );
}
