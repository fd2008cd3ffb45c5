import { Link } from "~/components/ui/link";

import { banStale } from "./user-actions";
import type { BanOffer } from "~/bans/ban-terms.server";
import { BanTermsFields } from "~/components/moderation/ban-fields";
import { buttonClass } from "~/components/ui/button";
import { ModalFrame } from "~/components/ui/modal-frame";
import { FormAlert } from "~/components/ui/form-alert";
import { CancelLink, SubmitButton } from "~/components/ui/form-actions";
import { MutationForm } from "~/recipe/mutation-form";

// Its own module: the users list and user details load it when the ban confirmation opens
// (lazyDialog, decision 026), so neither page's first load carries the duration fields.

/** What a failed ban post hands back: the messages and what was typed. */
interface BanFailure {
  errors?: Partial<Record<string, { message: string }>>;
  values?: Record<string, unknown>;
  formError?: string;
}

/**
 * The ban confirmation (docs/product.md#bans-with-an-end): `?confirm=ban&id=<id>` on the users
 * list or user details. Its title and question are the spec's; it asks how long (the ladder's
 * suggestion checked, and why), the reason and an optional message to the member. One form, the
 * same fields with and without JavaScript; a refused post shows it again with what was typed.
 */
export function BanDialog({
  user,
  offer,
  closeTo,
  failure,
  action,
}: {
  user: { id: string; label: string; isBanned: boolean; isEmailVerified: boolean; status: string; strikes: number };
  offer: BanOffer;
  closeTo: string;
  failure?: BanFailure;
  /** The action the form posts to (default: the current route). */
  action?: string;
}) {
  const title = `Ban User ${user.label}?`;
  const stale = banStale(user);
  if (stale) {
    return (
      <ModalFrame role="dialog" title={title} description={stale} closeTo={closeTo} size="md" autoFocus>
        <div className="mt-6 flex justify-end">
          <Link to={closeTo} replace preventScrollReset className={buttonClass("secondary", "md")}>
            Close
          </Link>
        </div>
      </ModalFrame>
    );
  }
  return (
    <ModalFrame
      role="alertdialog"
      title={title}
      description="Are you sure you want to ban this User"
      closeTo={closeTo}
      size="lg"
      autoFocus
    >
      <MutationForm action={action} preventScrollReset className="mt-5 space-y-4">
        {failure?.formError ? <FormAlert>{failure.formError}</FormAlert> : null}
        <input type="hidden" name="intent" value="ban" />
        <input type="hidden" name="id" value={user.id} />
        <BanTermsFields
          offer={offer}
          strikes={user.strikes}
          typed={failure?.values ?? {}}
          errors={failure?.errors ?? {}}
        />
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <CancelLink to={closeTo} />
          <SubmitButton variant="danger" pendingLabel="Ban...">
            Ban
          </SubmitButton>
        </div>
      </MutationForm>
    </ModalFrame>
  );
}
