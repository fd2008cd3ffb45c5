import { useLocation } from "react-router";

import { CancelLink, SubmitButton } from "~/components/ui/form-actions";
import { ModalFrame } from "~/components/ui/modal-frame";
import { StaleDialog } from "~/components/ui/dialog";
import { closeDialogHref } from "~/lib/dialog-url";
import type { Confirmations } from "~/recipe/confirmation";
import { MutationForm } from "~/recipe/mutation-form";
import type { BanOffer } from "~/lib/ban-ladder";
import { lazyDialog } from "~/components/ui/lazy-dialog";
import { FormAlert } from "~/components/ui/form-alert";
import {
  keptParams,
  SavedMessagePicker,
  type SavedMessagePickerView,
} from "~/components/moderation/saved-message-picker";

// A ban's fields load with a ban's confirmation only: every other confirmation, and every list's
// first load, does without them (decision 026's lazy module).
const BanTermsFields = lazyDialog(() =>
  import("~/components/moderation/ban-fields").then((module) => module.BanTermsFields),
);

/** What a refused post of a dialog with terms hands back: the messages and what was typed. */
interface TermsFailure {
  errors?: Partial<Record<string, { message: string }>>;
  values?: Record<string, unknown>;
  formError?: string;
}

/**
 * The confirmation the URL asks for (`?confirm=<intent>&id=<id>`), from the screen's table of
 * confirmations (app/recipe/confirmation.ts): the one component every confirmed row and page action
 * goes through (docs/product.md#confirmation-dialogs). It is URL state, so the server sends it open
 * and it works without JavaScript; with JavaScript it is a modal (ModalFrame) that Escape cancels
 * and nothing closes while it submits, until its outcome shows.
 *
 * Every confirmation checks that its item still exists and that the action still applies before
 * it offers its button (Back can bring an old URL back): an id that is no row of `rows` shows
 * nothing, or `missing` with a Close link; a stale action (`stale`, the action's own check) says why.
 */
export function ConfirmDialog<Row extends { id: string; strikes?: number }>({
  confirmations,
  rows,
  missing,
  action,
  terms,
}: {
  confirmations: Confirmations<Row>;
  /** The rows the screen shows (and any other its dialogs may open for). */
  rows: readonly Row[];
  /** What to say when the id is no row of `rows` (the item is gone); without it, nothing shows. */
  missing?: string;
  /** The action the form posts to (default: the current route). */
  action?: string;
  /**
   * For a confirmation that asks a ban's terms: what the panel offers, a refused post's errors and
   * values, and the saved ban messages (docs/product.md#saved-messages), read while it is open.
   */
  terms?: { offer: BanOffer; failure?: TermsFailure | null; picker?: SavedMessagePickerView | null };
}) {
  const offer = terms?.offer;
  const failure = terms?.failure;
  const picker = terms?.picker;
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const intent = params.get("confirm") ?? "";
  const id = params.get("id") ?? "";
  const confirmation = Object.hasOwn(confirmations, intent) ? confirmations[intent] : undefined;
  if (!confirmation || confirmation.asks === "nothing") return null;

  const cancelTo = closeDialogHref(location.pathname, location.search);
  const row = rows.find((candidate) => candidate.id === id);
  if (!row) {
    return missing !== undefined && typeof confirmation.title === "string" ? (
      <StaleDialog title={confirmation.title} reason={missing} closeTo={cancelTo} />
    ) : null;
  }
  const title = typeof confirmation.title === "function" ? confirmation.title(row) : confirmation.title;
  const stale = confirmation.stale?.(row);
  if (stale) return <StaleDialog title={title} reason={stale} closeTo={cancelTo} />;

  const description =
    typeof confirmation.description === "function" ? confirmation.description(row) : confirmation.description;
  const item = confirmation.item?.(row);
  const asksTerms = confirmation.terms === "ban" && offer !== undefined;
  const tone = confirmation.tone ?? "danger";
  return (
    <ModalFrame
      role="alertdialog"
      title={title}
      description={
        item ? (
          <>
            {description}
            <span className="mt-2 block font-medium break-words text-slate-900">“{item}”</span>
          </>
        ) : (
          description
        )
      }
      closeTo={cancelTo}
      size={asksTerms ? "lg" : "md"}
      autoFocus
    >
      {asksTerms && picker ? (
        // Its own GET form before the ban's (forms do not nest): this URL again with `saved=<id>`.
        <div className="mt-6">
          <SavedMessagePicker picker={picker} to={location.pathname} keep={keptParams(location.search)} />
        </div>
      ) : null}
      <MutationForm action={action} preventScrollReset className="mt-6 space-y-6">
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="id" value={row.id} />
        {asksTerms ? (
          <>
            {failure?.formError ? <FormAlert>{failure.formError}</FormAlert> : null}
            <BanTermsFields
              offer={offer}
              strikes={row.strikes ?? 0}
              typed={failure?.values ?? {}}
              errors={failure?.errors ?? {}}
              chosen={picker?.chosen ?? null}
            />
          </>
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <CancelLink to={cancelTo} />
          <SubmitButton variant={tone} pendingLabel={`${confirmation.confirmLabel}...`}>
            {confirmation.confirmLabel}
          </SubmitButton>
        </div>
      </MutationForm>
    </ModalFrame>
  );
}
