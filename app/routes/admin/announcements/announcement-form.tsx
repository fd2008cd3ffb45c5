import { useEffect, useRef } from "react";

import { isOn, StatusPreview } from "./status-badges";
import { FormAlert } from "~/components/ui/form-alert";
import { CancelLink, SubmitButton } from "~/components/ui/form-actions";
import { Dialog } from "~/components/ui/dialog";
import { TextAreaField, TextField } from "~/components/ui/field";
import { SwitchField } from "~/components/ui/switch";
import { type ServerFieldErrors, useFormCheck } from "~/forms/use-form-check";
import { announcementSchema } from "~/forms/schema-loaders.client";
import { nowLocalDateTime } from "~/lib/local-datetime";
import { MutationForm } from "~/recipe/mutation-form";

/** What the form starts from: a new announcement's defaults or the one being edited. */
export interface AnnouncementFormStart {
  title: string;
  description: string;
  /** `YYYY-MM-DDTHH:mm` in APP_TIMEZONE. */
  date: string;
  imageUrl: string;
  isActive: boolean;
  isPinned: boolean;
}

/** What a failed submission handed back (see FailedSubmission). */
export interface AnnouncementFormFailure {
  errors?: ServerFieldErrors;
  values?: Record<string, unknown>;
  formError?: string;
}

function Required({ children }: { children: string }) {
  return (
    <>
      {children}{" "}
      <span aria-hidden="true" className="text-red-700">
        *
      </span>
    </>
  );
}

/** The typed value of a field after a failure, else the starting one. */
function typedText(typed: Record<string, unknown>, name: keyof AnnouncementFormStart, start: string): string {
  const value = typed[name];
  return typeof value === "string" ? value : value === undefined || value === null ? start : String(value);
}

/**
 * The create and edit modal of docs/product.md#announcement-form. It is URL state (`?new`, `?edit=<id>`), so the
 * server renders it open and it works without JavaScript; with JavaScript the shared zod
 * schema checks it first (useFormCheck) and an error clears as its field is edited. After a
 * failure it re-renders with everything that was typed.
 */
export function AnnouncementFormDialog({
  mode,
  id,
  start,
  failure,
  closeTo,
  actionHref,
  timeZone,
}: {
  mode: "create" | "edit";
  id?: string;
  start: AnnouncementFormStart;
  failure?: AnnouncementFormFailure;
  closeTo: string;
  actionHref: string;
  timeZone: string;
}) {
  const intent = mode === "create" ? "create" : "update";
  const typed = failure?.values ?? {};
  const retyped = failure?.values !== undefined;

  const initial = {
    title: typedText(typed, "title", start.title),
    description: typedText(typed, "description", start.description),
    date: typedText(typed, "date", start.date),
    imageUrl: typedText(typed, "imageUrl", start.imageUrl),
    // Without JavaScript an unchecked switch is simply absent from a failed submission.
    isActive: retyped ? isOn(typed.isActive) : start.isActive,
    isPinned: retyped ? isOn(typed.isPinned) : start.isPinned,
  };
  const form = useFormCheck(announcementSchema, failure?.errors);
  const date = useRef<HTMLInputElement>(null);

  // A new announcement defaults to now (docs/product.md#announcement-form): the loader's "now" may be some minutes old when
  // the dialog opens without a page load.
  useEffect(() => {
    const input = date.current;
    if (mode === "create" && !retyped && input && input.value === input.defaultValue)
      input.value = nowLocalDateTime(timeZone);
    // Once, when the dialog opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <Dialog title={mode === "create" ? "Create Announcement" : "Edit Announcement"} closeTo={closeTo}>
      <MutationForm action={actionHref} {...form.props} preventScrollReset className="group/announcement space-y-4">
        {failure?.formError ? <FormAlert>{failure.formError}</FormAlert> : null}
        <input type="hidden" name="intent" value={intent} />
        {id ? <input type="hidden" name="id" value={id} /> : null}
        <TextField
          label={<Required>Title</Required>}
          autoFocus
          autoComplete="off"
          aria-required="true"
          name="title"
          defaultValue={initial.title}
          error={form.error("title")}
        />
        <TextAreaField
          label={<Required>Description</Required>}
          rows={4}
          aria-required="true"
          name="description"
          defaultValue={initial.description}
          error={form.error("description")}
        />
        <TextField
          label="Image URL"
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder="https://example.com/image.jpg"
          name="imageUrl"
          defaultValue={initial.imageUrl}
          error={form.error("imageUrl")}
        />
        <TextField
          label={<Required>Date</Required>}
          type="datetime-local"
          step={60}
          aria-required="true"
          ref={date}
          name="date"
          defaultValue={initial.date}
          hint={`Time in ${timeZone}, the panel's time zone`}
          error={form.error("date")}
        />
        <SwitchField
          name="isActive"
          label="Active Status"
          onText="Announcement is visible"
          offText="Announcement is hidden"
          defaultChecked={initial.isActive}
        />
        <SwitchField
          name="isPinned"
          label="Pinned Status"
          onText="Announcement is pinned"
          offText="Announcement is not pinned"
          defaultChecked={initial.isPinned}
        />
        <StatusPreview />
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <CancelLink to={closeTo} />
          <SubmitButton pendingLabel={mode === "create" ? "Creating..." : "Updating..."}>
            {mode === "create" ? "Create" : "Update"}
          </SubmitButton>
        </div>
      </MutationForm>
    </Dialog>
  );
}
