import { useLocation } from "react-router";

import type { Route } from "./+types/sessions";
import { sessionConfirmations, type SessionRow } from "./session-confirmations";
import { loadSessions, sessionSignOut, signOutOtherSessions } from "./sessions.server";
import { Badge } from "~/components/ui/badge";
import { buttonClass, ButtonLink } from "~/components/ui/button";
import { DetailField } from "~/components/ui/detail-field";
import { EmptyState } from "~/components/ui/empty-state";
import { SubmitButton } from "~/components/ui/form-actions";
import { lazyDialog } from "~/components/ui/lazy-dialog";
import { PageHeader } from "~/components/ui/page-header";
import { SessionActionSchema } from "~/forms/sessions.server";
import { closeDialogHref, dialogHref, skipRevalidationForDialogs } from "~/lib/dialog-url";
import { parseSubmission, runOnce, unhandledIntent } from "~/recipe/submission.server";
import { rowAction } from "~/recipe/outcome.server";
import { MutationForm } from "~/recipe/mutation-form";
import { requireUser } from "~/session/user.server";

const ConfirmDialog = lazyDialog(() => import("~/components/ui/confirm-dialog").then((module) => module.ConfirmDialog));

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request);
  return loadSessions(request);
}

/** Sign out one session, or all the others (docs/product.md#sessions): panel steps, each ended session an audit entry. */
export async function action({ request, context }: Route.ActionArgs) {
  return runOnce({ request, context }, async ({ request, form, back }) => {
    const submission = parseSubmission(form, SessionActionSchema);
    if (!submission.ok) return submission.rejected;
    const posted = submission.value;
    switch (posted.intent) {
      case "sign-out":
        return rowAction(request, back, sessionSignOut(request, posted.id));
      case "sign-out-others":
        return signOutOtherSessions(request, back);
      default:
        return unhandledIntent(posted);
    }
  });
}

export const meta: Route.MetaFunction = () => [{ title: "Sessions · Admin Dashboard" }];

export const shouldRevalidate = skipRevalidationForDialogs;

/** Where the admin is signed in (docs/product.md#sessions): this session first, then the others by last seen. */
export default function Sessions({ loaderData }: Route.ComponentProps) {
  const { sessions, error } = loaderData;
  const location = useLocation();
  const closeTo = closeDialogHref(location.pathname, location.search);
  const current = sessions.find((session) => session.current);
  const others = sessions.length - (current ? 1 : 0);

  return (
    <div className="space-y-6">
      <PageHeader
        title="Sessions"
        subtitle="Where your account is signed in. A session you sign out ends at its next request."
        actions={
          current && others > 0 ? (
            <ButtonLink
              variant="danger"
              to={dialogHref(location.pathname, location.search, { confirm: "sign-out-others", id: current.id })}
            >
              Sign out all other sessions
            </ButtonLink>
          ) : null
        }
      />

      {error ? (
        <EmptyState card tone="error" title={error} />
      ) : (
        <ul
          aria-label="Your sessions"
          className="divide-y divide-slate-200 rounded-xl bg-surface shadow-sm ring-1 ring-slate-200"
        >
          {sessions.map((session) => (
            <SessionItem key={session.id} session={session} action={closeTo} />
          ))}
        </ul>
      )}

      {new URLSearchParams(location.search).has("confirm") ? (
        <ConfirmDialog confirmations={sessionConfirmations(others)} rows={sessions} action={closeTo} />
      ) : null}
    </div>
  );
}

/**
 * One session: its browser and device (and "This session"), address, sign-in and last seen, and
 * for another session its Sign out. A list rather than the data table: a handful of sessions, each
 * a card at every width, and the membership forms keep the table out of their first load
 * (vite.config.ts counts the screens that load it).
 */
function SessionItem({ session, action }: { session: SessionRow; action: string }) {
  return (
    <li className="flex flex-col gap-4 p-4 sm:flex-row sm:items-start sm:justify-between sm:p-5">
      <div className="min-w-0 space-y-3">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium wrap-anywhere text-slate-900">{session.device}</span>
          {session.current ? <Badge tone="green">This session</Badge> : null}
        </p>
        <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-3">
          <DetailField label="Address" className="wrap-anywhere">
            {session.address}
          </DetailField>
          <DetailField label="Signed in">
            <time dateTime={session.signedInAt}>{session.signedIn}</time>
          </DetailField>
          <DetailField label="Last seen">
            <time dateTime={session.lastSeenAt}>{session.lastSeen}</time>
          </DetailField>
        </dl>
      </div>
      {session.current ? null : <SignOutSession session={session} action={action} />}
    </li>
  );
}

/** One other session's Sign out: a form that posts at once, its button naming the session. */
function SignOutSession({ session, action }: { session: SessionRow; action: string }) {
  return (
    <MutationForm action={action} preventScrollReset>
      <input type="hidden" name="intent" value="sign-out" />
      <input type="hidden" name="id" value={session.id} />
      <SubmitButton className={buttonClass("secondary", "sm")} pendingLabel="Signing out...">
        Sign out
        <span className="sr-only">{` ${session.device}, ${session.address}, last seen ${session.lastSeen}`}</span>
      </SubmitButton>
    </MutationForm>
  );
}
