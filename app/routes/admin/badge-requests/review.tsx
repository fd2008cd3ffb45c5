import { useEffect, useId } from "react";

import type { Route } from "./+types/review";
import { DEFAULT_MEMBER_MESSAGE, QUEUE_PATH } from "./review-links";
import {
  decideInQueue,
  loadQueue,
  type QueueStats,
  type QueueView,
  type ReviewRequest,
  skipInQueue,
  takeOverInQueue,
  unskipInQueue,
} from "./review.server";
import { Avatar } from "~/components/ui/avatar";
import { ButtonLink, buttonClass } from "~/components/ui/button";
import { DetailField } from "~/components/ui/detail-field";
import { EmailText } from "~/components/ui/email-text";
import { EmptyState } from "~/components/ui/empty-state";
import { ReasonFields } from "~/components/moderation/reason-fields";
import { TextAreaField } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/form-actions";
import { PageHeader } from "~/components/ui/page-header";
import { useHydrated } from "~/components/ui/use-hydrated";
import { QueueActionSchema } from "~/forms/review-queue.server";
import { parseSubmission, runOnce, unhandledIntent } from "~/recipe/action.server";
import { MutationForm } from "~/recipe/mutation-form";
import { requireCapability } from "~/session/user.server";

/** The queue, or one request of it by its link (docs/product.md#citizenship-queue). */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireCapability(request, "review-queue");
  return loadQueue(request, params.id);
}

/** The queue's buttons: Approve & next, Reject & next, Skip, Take over, Show skipped requests again. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireCapability(request, "review-queue");
  return runOnce({ request, context }, async ({ request, form }) => {
    const submission = parseSubmission(form, QueueActionSchema);
    if (!submission.ok) return submission.rejected;
    const value = submission.value;
    switch (value.intent) {
      case "approve":
      case "reject":
        return decideInQueue(request, form, value.id, value.intent);
      case "skip":
        return skipInQueue(request, value.id);
      case "take-over":
        return takeOverInQueue(request, value.id);
      case "unskip":
        return unskipInQueue(request);
      default:
        return unhandledIntent(value);
    }
  });
}

export const meta: Route.MetaFunction = () => [{ title: "Citizenship Queue · Admin Dashboard" }];

/** The ids of the controls the keys a, r and s reach. */
const KEY_TARGETS = { a: "queue-approve", r: "queue-reason", s: "queue-skip" } as const;

/**
 * The queue's keys, with JavaScript: a clicks "Approve & next", r focuses the reject reason, s clicks
 * "Skip". Never while typing in a field, nor with a modifier key held.
 */
function useQueueKeys(enabled: boolean) {
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat || event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target instanceof HTMLElement ? event.target : null;
      if (target && (target.isContentEditable || target.closest("input, select, textarea"))) return;
      const id = KEY_TARGETS[event.key as keyof typeof KEY_TARGETS];
      const control = id ? document.getElementById(id) : null;
      if (!control) return;
      event.preventDefault();
      if (control instanceof HTMLButtonElement) control.click();
      else control.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [enabled]);
}

export default function ReviewQueue({ loaderData, actionData }: Route.ComponentProps) {
  const { stats, view } = loaderData;
  const hydrated = useHydrated();
  const mine = view.kind === "request" && view.claimedBy === null;
  useQueueKeys(hydrated && mine);
  return (
    <div className="space-y-6">
      <PageHeader
        title="Citizenship Queue"
        subtitle="Review pending citizenship requests one at a time"
        actions={
          <ButtonLink variant="secondary" to="/badge-requests">
            All requests
          </ButtonLink>
        }
      />
      {stats ? <QueueFigures stats={stats} /> : null}
      {hydrated && mine ? (
        <p className="text-sm text-slate-600">
          Keyboard: <kbd className="font-mono font-semibold">a</kbd> approve,{" "}
          <kbd className="font-mono font-semibold">r</kbd> reject, <kbd className="font-mono font-semibold">s</kbd> skip
        </p>
      ) : null}
      <QueueBody view={view} actionData={actionData} />
    </div>
  );
}

/** The header's figures: pending, how long the oldest has waited, decided today. */
function QueueFigures({ stats }: { stats: QueueStats }) {
  const figures = [
    ["Pending", String(stats.pending)],
    ["Oldest waiting", stats.oldestWaiting ?? "None waiting"],
    ["Decided today", String(stats.decidedToday)],
  ] as const;
  return (
    <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
      {figures.map(([label, value]) => (
        <div key={label} className="rounded-xl bg-surface px-4 py-3 shadow-sm ring-1 ring-slate-200">
          <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase">{label}</dt>
          <dd className="mt-1 text-lg font-semibold text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const backToList = (
  <ButtonLink variant="secondary" to="/badge-requests">
    Back to Citizenship Requests
  </ButtonLink>
);

function QueueBody({ view, actionData }: { view: QueueView; actionData: Route.ComponentProps["actionData"] }) {
  switch (view.kind) {
    case "error":
      return <EmptyState card tone="error" title={view.message} action={backToList} />;
    case "gone":
      return (
        <EmptyState
          card
          icon="outline-shield-check"
          title={view.message}
          action={<ButtonLink to={QUEUE_PATH}>Next request</ButtonLink>}
        />
      );
    case "empty":
      return <EmptyQueue view={view} />;
    case "request":
      return (
        <div className="space-y-6">
          <RequestCard request={view.request} />
          {view.claimedBy ? (
            <ClaimedNotice id={view.request.id} notice={view.claimedBy} />
          ) : (
            <Decisions id={view.request.id} reasons={view.reasons} actionData={actionData} />
          )}
        </div>
      );
  }
}

function EmptyQueue({ view }: { view: Extract<QueueView, { kind: "empty" }> }) {
  if (view.pending === 0) {
    return (
      <EmptyState
        card
        icon="outline-shield-check"
        title="No Pending Requests"
        description="There are no citizenship requests waiting for review."
        action={backToList}
      />
    );
  }
  return (
    <EmptyState
      card
      icon="outline-shield-check"
      title="No requests left for you"
      description={`${view.skipped} skipped by you, ${view.claimed} being reviewed by other admins.`}
      action={
        <div className="flex flex-wrap justify-center gap-2">
          {view.skipped > 0 ? (
            <MutationForm>
              <input type="hidden" name="intent" value="unskip" />
              <SubmitButton>Show skipped requests again</SubmitButton>
            </MutationForm>
          ) : null}
          {backToList}
        </div>
      }
    />
  );
}

/** What an admin needs to decide: name, email, phone, country, picture and the passport. */
function RequestCard({ request }: { request: ReviewRequest }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-xl bg-surface p-6 shadow-sm ring-1 ring-slate-200">
      <div className="flex items-center gap-4">
        <Avatar src={request.avatar} name={request.name || request.email} size="lg" />
        <div className="min-w-0">
          <h2 id={headingId} className="text-lg font-semibold break-words text-slate-900">
            {request.name || "Not provided"}
          </h2>
          <p className="text-sm text-slate-600">Waiting {request.waiting}</p>
        </div>
      </div>
      <dl className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-2">
        <DetailField label="Email">
          <EmailText value={request.email} />
        </DetailField>
        <DetailField label="Phone">{request.phone || "Not provided"}</DetailField>
        <DetailField label="Country">{request.country || "Not provided"}</DetailField>
        <DetailField label="Passport">
          {request.passport ? (
            // A plain link, as on the users list: a failed download comes back here with its toast.
            <a href={request.passport} className="font-medium text-brand-700 underline hover:text-brand-800">
              Download Passport
            </a>
          ) : (
            "Not provided"
          )}
        </DetailField>
      </dl>
    </section>
  );
}

function ClaimedNotice({ id, notice }: { id: string; notice: string }) {
  return (
    <div className="space-y-4 rounded-xl bg-amber-50 p-6 ring-1 ring-amber-200">
      <p role="status" className="text-sm font-medium text-amber-900">
        {notice}
      </p>
      <div className="flex flex-wrap gap-2">
        <MutationForm>
          <input type="hidden" name="intent" value="take-over" />
          <input type="hidden" name="id" value={id} />
          <SubmitButton pendingLabel="Taking over...">Take over</SubmitButton>
        </MutationForm>
        <ButtonLink variant="secondary" to={QUEUE_PATH}>
          Next request
        </ButtonLink>
      </div>
    </div>
  );
}

/** Approve & next, Reject & next (with its reason and the message to the member) and Skip. */
function Decisions({
  id,
  reasons,
  actionData,
}: {
  id: string;
  reasons: readonly string[];
  actionData: Route.ComponentProps["actionData"];
}) {
  const errors = actionData?.errors ?? {};
  const typed = actionData?.values ?? {};
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <section aria-label="Approve or skip" className="flex flex-wrap items-start gap-2">
        <MutationForm>
          <input type="hidden" name="intent" value="approve" />
          <input type="hidden" name="id" value={id} />
          <SubmitButton id="queue-approve" pendingLabel="Approving...">
            Approve &amp; next
          </SubmitButton>
        </MutationForm>
        <MutationForm>
          <input type="hidden" name="intent" value="skip" />
          <input type="hidden" name="id" value={id} />
          <SubmitButton id="queue-skip" className={buttonClass("secondary")}>
            Skip
          </SubmitButton>
        </MutationForm>
      </section>
      <MutationForm className="space-y-4 rounded-xl bg-surface p-6 shadow-sm ring-1 ring-slate-200">
        <fieldset className="space-y-4">
          <legend className="text-base font-semibold text-slate-900">Reject</legend>
          <input type="hidden" name="intent" value="reject" />
          <input type="hidden" name="id" value={id} />
          <ReasonFields id="queue-reason" reasons={reasons} typed={typed} errors={errors} />
          <TextAreaField
            label="Message to the member (optional)"
            name="message"
            rows={3}
            hint="Sent as a push notification after the rejection; clear it to send none."
            defaultValue={String(typed.message ?? DEFAULT_MEMBER_MESSAGE)}
            error={errors.message?.message}
          />
        </fieldset>
        <SubmitButton variant="danger" pendingLabel="Rejecting...">
          Reject &amp; next
        </SubmitButton>
      </MutationForm>
    </div>
  );
}
