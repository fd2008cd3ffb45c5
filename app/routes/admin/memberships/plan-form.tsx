import { useCallback, useId, useRef, useState } from "react";

import { ImageUpload } from "./image-upload";
import { PlanPreview } from "./plan-preview";
import { FormAlert } from "~/components/ui/form-alert";
import { CancelLink, SubmitButton } from "~/components/ui/form-actions";
import { buttonClass } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { SwitchField } from "~/components/ui/switch";
import { FieldShell, fieldDescription, inputClass, TextAreaField, TextField } from "~/components/ui/field";
import { PERIOD_LABELS, PLAN_PERIODS, type PlanDraft, isPlanPeriod } from "~/forms/plan-draft";
import { TIER_IMAGE_ACCEPT, TIER_IMAGE_MAX_SIZE_MB } from "~/lib/upload-rules";
import { MutationForm } from "~/recipe/mutation-form";

/** Field errors as an action returns them. */
export type PlanFormErrors = Record<string, { message?: string } | undefined>;

interface FeatureEntry {
  key: number;
  text: string;
}

/**
 * The one create and edit form of the membership tiers (docs/product.md#create-membership and docs/product.md#edit-membership; the form
 * of docs/how-a-screen-works.md#forms), beside its live preview.
 *
 * It is a plain multipart form whose fields are always in the DOM, so a browser with or without
 * JavaScript posts the same fields (a repeated `features` field, `image`, `isActive`) and the
 * action reads them one way. There are no checks in the browser (docs/product.md#create-membership: the create form has
 * none; the edit form's only rule is its id), so there is no client-side schema; the server
 * answers field errors, which show under their fields.
 *
 * Without JavaScript, Add Feature, a feature's Remove and Remove image are submit buttons whose
 * intent makes the action re-render the form with the change and every value kept. With
 * JavaScript they change the form in place.
 */
export function PlanForm({
  mode,
  id,
  start,
  errors = {},
  formError,
  apiOrigin,
  actionHref,
}: {
  mode: "create" | "edit";
  id?: string;
  start: PlanDraft;
  errors?: PlanFormErrors;
  formError?: string;
  apiOrigin: string;
  /** Where the form posts: the screen's own action. */
  actionHref: string;
}) {
  const intent = mode === "create" ? "create" : "update";
  const [uploading, setUploading] = useState(false);
  const nextKey = useRef(start.features.length);
  const [name, setName] = useState(start.name);
  const [price, setPrice] = useState(start.price);
  const [period, setPeriod] = useState(start.period);
  const [description, setDescription] = useState(start.description);
  const [image, setImage] = useState(start.image);
  const [isActive, setIsActive] = useState(start.isActive);
  const [features, setFeatures] = useState<FeatureEntry[]>(() =>
    (start.features.length > 0 ? start.features : [""]).map((text, key) => ({ key, text })),
  );
  const fieldId = useId();

  const draft: PlanDraft = {
    name,
    price,
    period,
    description,
    features: features.map((entry) => entry.text),
    image,
    isActive,
  };
  const error = (field: string) => errors[field]?.message;
  const featureError = Object.entries(errors).find(
    ([field]) => field === "features" || field.startsWith("features."),
  )?.[1]?.message;
  const onImageChange = useCallback((value: string) => setImage(value), []);

  function addFeature() {
    setFeatures((current) => [...current, { key: nextKey.current++, text: "" }]);
  }

  function removeFeature(key: number) {
    setFeatures((current) => {
      const rest = current.filter((entry) => entry.key !== key);
      return rest.length > 0 ? rest : [{ key: nextKey.current++, text: "" }];
    });
  }

  return (
    // `group/plan` spans the form and the preview: the preview's badge follows the switch through CSS.
    <div className="group/plan grid gap-6 lg:grid-cols-3">
      <MutationForm
        action={actionHref}
        encType="multipart/form-data"
        noValidate
        className="space-y-5 rounded-xl bg-surface p-5 shadow-sm ring-1 ring-slate-200 sm:p-6 lg:col-span-2"
      >
        {/* The form's default button: Enter in a field submits the form, not Remove or Add Feature. */}
        <SubmitButton
          name="intent"
          value={intent}
          tabIndex={-1}
          aria-hidden="true"
          className="sr-only"
          disabled={uploading}
        />
        {formError ? <FormAlert>{formError}</FormAlert> : null}
        {id ? <input type="hidden" name="id" value={id} /> : null}

        <TextField
          label="Tier Name"
          name="name"
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          placeholder="e.g., Premium, VIP"
          autoComplete="off"
          error={error("name")}
        />

        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label="Price"
            name="price"
            type="number"
            step="0.01"
            min="0"
            inputMode="decimal"
            placeholder="0.00"
            value={price}
            onChange={(event) => setPrice(event.currentTarget.value)}
            error={error("price")}
          />
          <FieldShell id={`${fieldId}-period`} label="Billing Period" error={error("period")}>
            <select
              id={`${fieldId}-period`}
              name="period"
              value={period}
              onChange={(event) => {
                const value = event.currentTarget.value;
                if (isPlanPeriod(value)) setPeriod(value);
              }}
              {...fieldDescription(`${fieldId}-period`, error("period"))}
              className={inputClass}
            >
              {PLAN_PERIODS.map((value) => (
                <option key={value} value={value}>
                  {PERIOD_LABELS[value]}
                </option>
              ))}
            </select>
          </FieldShell>
        </div>

        <TextAreaField
          label="Description"
          name="description"
          rows={3}
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
          error={error("description")}
        />

        <fieldset>
          <legend className="block text-sm font-medium text-slate-800">Features</legend>
          <ul className="mt-1.5 space-y-2" data-testid="feature-list">
            {features.map((entry, index) => (
              <li key={entry.key} className="flex items-center gap-2">
                <input
                  type="text"
                  name="features"
                  value={entry.text}
                  onChange={(event) => {
                    const text = event.currentTarget.value;
                    setFeatures((current) =>
                      current.map((item) => (item.key === entry.key ? { ...item, text } : item)),
                    );
                  }}
                  aria-label={`Feature ${index + 1}`}
                  aria-invalid={featureError ? true : undefined}
                  aria-describedby={featureError ? `${fieldId}-features-error` : undefined}
                  placeholder={`Feature ${index + 1}`}
                  autoComplete="off"
                  className={inputClass}
                />
                <button
                  type="submit"
                  name="intent"
                  value={`remove-feature:${index}`}
                  formNoValidate
                  aria-label={`Remove feature ${index + 1}`}
                  title="Remove feature"
                  onClick={(event) => {
                    event.preventDefault();
                    removeFeature(entry.key);
                  }}
                  className="inline-flex size-9 shrink-0 items-center justify-center rounded-md text-slate-500 ring-1 ring-slate-300 ring-inset hover:bg-red-50 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  <Icon name="solid-trash" className="size-4" />
                </button>
              </li>
            ))}
          </ul>
          {featureError ? (
            <p id={`${fieldId}-features-error`} className="mt-1.5 text-sm text-red-700" data-field-error>
              {featureError}
            </p>
          ) : null}
          <button
            type="submit"
            name="intent"
            value="add-feature"
            formNoValidate
            onClick={(event) => {
              event.preventDefault();
              addFeature();
            }}
            className={buttonClass("secondary", "sm", "mt-2")}
          >
            <Icon name="solid-plus" className="size-4" />
            Add Feature
          </button>
        </fieldset>

        <ImageUpload
          label="Tier Icon/Image"
          name="image"
          value={image}
          onChange={onImageChange}
          apiOrigin={apiOrigin}
          actionHref={actionHref}
          error={error("image")}
          maxSizeMb={TIER_IMAGE_MAX_SIZE_MB}
          accept={TIER_IMAGE_ACCEPT}
          onBusyChange={setUploading}
        />

        {mode === "edit" ? (
          <SwitchField
            name="isActive"
            label="Active Status"
            onText="Membership is currently active"
            offText="Membership is currently inactive"
            checked={isActive}
            onChange={(event) => setIsActive(event.currentTarget.checked)}
          />
        ) : null}

        <div className="flex flex-col-reverse gap-2 border-t border-slate-200 pt-5 sm:flex-row sm:justify-end">
          <CancelLink to="/memberships" replace={false} />
          <SubmitButton
            name="intent"
            value={intent}
            disabled={uploading}
            pendingLabel={mode === "create" ? "Creating..." : "Updating..."}
          >
            {mode === "create" ? "Create Membership Tier" : "Update Membership Tier"}
          </SubmitButton>
        </div>
      </MutationForm>

      <div className="lg:sticky lg:top-6 lg:self-start">
        <PlanPreview draft={draft} apiOrigin={apiOrigin} followsSwitch={mode === "edit"} />
      </div>
    </div>
  );
}
