import { type ReactNode, useEffect, useId } from "react";
import { Link } from "~/components/ui/link";

import type { Route } from "./+types/review";
import { QUEUE_PATH, requestPath } from "./review-links";
import { BackToRequests, EmptyQueue } from "./empty-queue";
import { DEFAULT_MEMBER_MESSAGE } from "./badge-actions";
import {
  decideInQueue,
  loadQueue,
  QueueActionSchema,
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
import { NoteSummaryLine } from "~/components/moderation/note-summary";
import { ReasonFields } from "~/components/moderation/reason-fields";
import { SavedMessagePicker, type SavedMessagePickerView } from "~/components/moderation/saved-message-picker";
import { TextAreaField } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/form-actions";
import { PageHeader } from "~/components/ui/page-header";
import { Icon } from "~/components/ui/icon";
import { useHydrated } from "~/components/ui/use-hydrated";
import { parseSubmission, runOnce, unhandledIntent } from "~/recipe/submission.server";
import { MutationForm } from "~/recipe/mutation-form";
import { requireCapability } from "~/session/user.server";

/** The queue, or one request of it by its link (docs/product.md#citizenship-queue). */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireCapability(request, "decide-citizenship");
  return loadQueue(request, params.id);
}

/** The queue's buttons: Approve & next, Reject & next, Skip, Take over, Show skipped requests again. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireCapability(request, "decide-citizenship");
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
 * The queue's keys, with JavaScript: a clicks "Approve & next", r unfolds Reject and focuses its
 * reason, s clicks "Skip". Never while typing in a field, nor with a modifier key held.
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
      const folded = control.closest("details");
      if (folded) folded.open = true;
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
    <div className="space-y-4">
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
      <QueueBody view={view} actionData={actionData} keysShown={hydrated && mine} />
    </div>
  );
}

/** The header's figures, one row at every size (they stay small: the request and its decision come first). */
function QueueFigures({ stats }: { stats: QueueStats }) {
  const figures = [
    ["Pending", String(stats.pending)],
    ["Oldest waiting", stats.oldestWaiting ?? "None waiting"],
    ["Decided today", String(stats.decidedToday)],
  ] as const;
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)_auto] gap-2 sm:grid-cols-3 sm:gap-3">
      {figures.map(([label, value]) => (
        <div key={label} className="min-w-0 rounded-xl bg-surface p-2 shadow-sm ring-1 ring-slate-200 sm:px-4">
          <dt className="text-xs font-medium text-slate-600 uppercase sm:tracking-wide">{label}</dt>
          <dd className="mt-1 text-sm font-semibold text-slate-900 sm:text-lg">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function QueueBody({
  view,
  actionData,
  keysShown,
}: {
  view: QueueView;
  actionData: Route.ComponentProps["actionData"];
  keysShown: boolean;
}) {
  switch (view.kind) {
    case "error":
      return <EmptyState card tone="error" title={view.message} action={<BackToRequests />} />;
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
        <RequestCard request={view.request}>
          {view.claimedBy ? (
            <ClaimedNotice id={view.request.id} notice={view.claimedBy} />
          ) : (
            // One per request: the next request starts with Reject folded and its fields empty.
            <Decisions
              key={view.request.id}
              id={view.request.id}
              reasons={view.reasons}
              picker={view.picker}
              actionData={actionData}
              keysShown={keysShown}
            />
          )}
        </RequestCard>
      );
  }
}

const linkClass = "font-medium text-brand-700 underline hover:text-brand-800";

/**
 * The request: its member's name and wait, then what the admin does about it (`children`: the
 * decision, or who holds it), then what they decide with: email, phone, country, passport, when
 * the panel first saw it, and links to the member's details and History.
 */
function RequestCard({ request, children }: { request: ReviewRequest; children: ReactNode }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="space-y-3 rounded-xl bg-surface p-4 shadow-sm ring-1 ring-slate-200 sm:space-y-4 sm:p-6"
    >
      <div className="flex items-center gap-4">
        {/* Smaller on a phone, where the decision under it must stay on the first screen. */}
        <span className="shrink-0 max-sm:[&_span]:size-12 max-sm:[&_span]:text-lg">
          <Avatar src={request.avatar} name={request.name || request.email} size="lg" />
        </span>
        <div className="min-w-0">
          <h2 id={headingId} className="text-lg font-semibold break-words text-slate-900">
            {request.name || "Not provided"}
          </h2>
          <p className="text-sm text-slate-600">Waiting {request.waiting}</p>
        </div>
      </div>
      <NoteSummaryLine summary={request.notes} />
      {children}
      <dl className="grid grid-cols-2 gap-4 border-t border-slate-200 pt-4 sm:pt-6 lg:grid-cols-3">
        <DetailField label="Email" className="col-span-2 lg:col-span-1">
          <EmailText value={request.email} />
        </DetailField>
        <DetailField label="Phone">{request.phone || "Not provided"}</DetailField>
        <DetailField label="Country">{request.country || "Not provided"}</DetailField>
        <DetailField label="Passport">
          {request.passport ? (
            // A plain link, as on the users list: a failed download comes back here with its toast.
            <a href={request.passport} className={linkClass}>
              Download Passport
            </a>
          ) : (
            "Not provided"
          )}
        </DetailField>
        <DetailField label="First seen">
          <time dateTime={request.firstSeen.iso}>{request.firstSeen.text}</time>
        </DetailField>
        <DetailField label="Member" className="col-span-2 lg:col-span-1">
          <span className="flex flex-wrap gap-x-4 gap-y-1">
            <Link to={request.details} className={linkClass}>
              Member details
            </Link>
            {request.history ? (
              <Link to={request.history} className={linkClass}>
                Member history
              </Link>
            ) : null}
          </span>
        </DetailField>
      </dl>
    </section>
  );
}

function ClaimedNotice({ id, notice }: { id: string; notice: string }) {
  return (
    <div className="space-y-4 rounded-lg bg-amber-50 p-4 ring-1 ring-amber-200">
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

const rejectSummaryClass =
  "inline-flex cursor-pointer list-none items-center gap-1 rounded-md bg-surface px-4 py-2 text-sm font-semibold text-red-700 shadow-sm ring-1 ring-red-600/50 ring-inset hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600 [&::-webkit-details-marker]:hidden";

/**
 * The decision, at the top of the request: Approve & next, Skip, and Reject… (a <details>, so it
 * unfolds without JavaScript too) whose reason, details and message to the member stay folded
 * until the admin chooses to reject; a refused reject comes back unfolded with what was typed.
 */
function Decisions({
  id,
  reasons,
  picker,
  actionData,
  keysShown,
}: {
  id: string;
  reasons: readonly string[];
  picker: SavedMessagePickerView;
  actionData: Route.ComponentProps["actionData"];
  keysShown: boolean;
}) {
  const errors = actionData?.errors ?? {};
  const typed = actionData?.values ?? {};
  const refused = Object.keys(errors).length > 0;
  return (
    <div className="space-y-2">
      <div role="group" aria-label="Decision" className="flex flex-wrap items-start gap-2">
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
        {/* Open after a refused reject, and after a saved message was chosen for it. */}
        <details open={refused || picker.chosen !== null || undefined} className="group min-w-0 open:basis-full">
          <summary className={rejectSummaryClass}>
            Reject…
            <Icon name="solid-chevron-right" className="size-4 transition-transform group-open:rotate-90" />
          </summary>
          <div className="mt-2 space-y-3 sm:mt-3 sm:space-y-4 sm:rounded-lg sm:p-4 sm:ring-1 sm:ring-slate-200">
            <MutationForm className="space-y-3 sm:space-y-4">
              <fieldset className="grid grid-cols-1 gap-3 sm:grid-cols-2 sm:gap-4">
                <legend className="sr-only">Reject</legend>
                <input type="hidden" name="intent" value="reject" />
                <input type="hidden" name="id" value={id} />
                <ReasonFields id="queue-reason" reasons={reasons} typed={typed} errors={errors} />
                <div className="sm:col-span-2">
                  <TextAreaField
                    // A chosen saved message starts the field again with its text.
                    key={picker.chosen?.id ?? ""}
                    label="Message to the member (optional)"
                    name="message"
                    rows={2}
                    hint="Sent by push once rejected; clear it to send none."
                    defaultValue={String(typed.message ?? picker.chosen?.text ?? DEFAULT_MEMBER_MESSAGE)}
                    error={errors.message?.message}
                  />
                </div>
              </fieldset>
              <SubmitButton variant="danger" pendingLabel="Rejecting...">
                Reject &amp; next
              </SubmitButton>
            </MutationForm>
            {/* Below Reject & next, which stays on a phone's first screen; it fills the message above. */}
            <SavedMessagePicker picker={picker} to={requestPath(id)} />
          </div>
        </details>
      </div>
      {keysShown ? (
        <p className="text-sm text-slate-600">
          Keyboard: <kbd className="font-mono font-semibold">a</kbd> approve,{" "}
          <kbd className="font-mono font-semibold">r</kbd> reject, <kbd className="font-mono font-semibold">s</kbd> skip
        </p>
      ) : null}
    </div>
  );
}
