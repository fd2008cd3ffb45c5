import { ReasonFields } from "~/components/moderation/reason-fields";
import { TextAreaField } from "~/components/ui/field";
import type { BanOffer } from "~/lib/ban-ladder";
import {
  BAN_DURATIONS,
  BAN_MESSAGE_MAX,
  BAN_TEXTS,
  type BanDuration,
  ladderStep,
  suggestionText,
} from "~/lib/ban-ladder";
import { MODERATION_REASONS, OTHER_REASON } from "~/forms/moderation-reasons";

type Typed = Record<string, unknown>;
type Errors = Partial<Record<string, { message: string }>>;

/**
 * How long a ban lasts (docs/product.md#bans-with-an-end): a radio group of the durations, the
 * date and time for "Until a date and time" (a native datetime-local input, in the panel's time
 * zone), the ladder's suggestion checked by default and why. Plain form controls: the same fields
 * post with and without JavaScript. `strikes` null (a bulk ban): the ladder's first step.
 */
export function BanDurationFields({
  offer,
  strikes,
  typed,
  errors,
}: {
  offer: BanOffer;
  strikes: number | null;
  typed: Typed;
  errors: Errors;
}) {
  const suggested: BanDuration = offer.timed ? ladderStep(offer.ladder, strikes ?? 0) : "permanent";
  const chosen = typeof typed.duration === "string" && typed.duration in BAN_DURATIONS ? typed.duration : suggested;
  const choices = (Object.keys(BAN_DURATIONS) as BanDuration[]).filter(
    (duration) => offer.timed || duration === "permanent",
  );
  const durationError = errors.duration?.message;
  const untilError = errors.until?.message;
  return (
    <fieldset className="ban-durations" aria-describedby="ban-duration-why">
      <legend>Duration</legend>
      <p id="ban-duration-why" className="ban-why">
        {!offer.timed
          ? BAN_TEXTS.notTimed
          : strikes === null
            ? null
            : suggestionText(strikes, offer.lapseDays, suggested)}
      </p>
      {choices.map((duration) => (
        <label key={duration} className="ban-choice">
          <input type="radio" name="duration" value={duration} defaultChecked={duration === chosen} />
          {BAN_DURATIONS[duration]}
        </label>
      ))}
      {offer.timed ? (
        <label className="ban-until">
          <span>{`Ends at (${offer.timeZone})`}</span>
          <input
            type="datetime-local"
            name="until"
            min={offer.minUntil}
            defaultValue={typeof typed.until === "string" ? typed.until : ""}
            className="input"
            aria-invalid={untilError ? true : undefined}
            aria-describedby={untilError ? "ban-until-error" : undefined}
          />
        </label>
      ) : null}
      {durationError ? (
        <p className="field-error" data-field-error>
          {durationError}
        </p>
      ) : null}
      {untilError ? (
        <p id="ban-until-error" className="field-error" data-field-error>
          {untilError}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * A ban's whole set of terms for one member: duration, reason and the optional message (the row's
 * and details' dialogs), which starts with the saved message `chosen` in the picker, if any.
 */
export function BanTermsFields({
  offer,
  strikes,
  typed,
  errors,
  chosen,
}: {
  offer: BanOffer;
  strikes: number;
  typed: Typed;
  errors: Errors;
  chosen: { id: string; text: string } | null;
}) {
  return (
    <div className="space-y-4 text-left">
      <BanDurationFields offer={offer} strikes={strikes} typed={typed} errors={errors} />
      <ReasonFields id="ban-reason" reasons={[...MODERATION_REASONS.ban, OTHER_REASON]} typed={typed} errors={errors} />
      <TextAreaField
        // A new field when another saved message is chosen, so it shows that text.
        key={chosen?.id ?? ""}
        id="ban-message"
        label={BAN_TEXTS.messageLabel}
        name="message"
        rows={3}
        maxLength={BAN_MESSAGE_MAX}
        hint={BAN_TEXTS.messageHint}
        defaultValue={typeof typed.message === "string" ? typed.message : (chosen?.text ?? "")}
        error={errors.message?.message}
      />
    </div>
  );
}
