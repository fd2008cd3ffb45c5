import { useEffect } from "react";
import { Form, Link, useNavigation } from "react-router";

import { isOn, StatusPreview } from "~/components/announcements/status-badges";
import { SwitchField } from "~/components/announcements/switch-field";
import { FormAlert } from "~/components/layout/auth-card";
import { buttonClass } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { TextAreaField, TextField } from "~/components/ui/field";
import { type AnnouncementFormInput, AnnouncementFormSchema } from "~/forms/announcement";
import { usePanelForm } from "~/forms/use-panel-form";
import { nowLocalDateTime } from "~/lib/local-datetime";

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
  values?: Record<string, unknown>;
  formError?: string;
}

function Required({ children }: { children: string }) {
  return (
    <>
      {children} <span aria-hidden="true" className="text-red-600">*</span>
    </>
  );
}

/** The typed value of a field after a failure, else the starting one. */
function typedText(typed: Record<string, unknown>, name: keyof AnnouncementFormStart, start: string): string {
  const value = typed[name];
  return typeof value === "string" ? value : value === undefined || value === null ? start : String(value);
}

/**
 * The create and edit modal of spec 2.13. It is URL state (`?new`, `?edit=<id>`), so the
 * server renders it open and it works without JavaScript; with JavaScript the shared zod
 * schema checks it first (remix-hook-form) and an error clears as its field is edited. After a
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
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const typed = failure?.values ?? {};
  const retyped = failure?.values !== undefined;

  const defaultValues: AnnouncementFormInput = {
    title: typedText(typed, "title", start.title),
    description: typedText(typed, "description", start.description),
    date: typedText(typed, "date", start.date),
    imageUrl: typedText(typed, "imageUrl", start.imageUrl),
    // Without JavaScript an unchecked switch is simply absent from a failed submission.
    isActive: retyped ? isOn(typed.isActive) : start.isActive,
    isPinned: retyped ? isOn(typed.isPinned) : start.isPinned,
  };

  const {
    register,
    handleSubmit,
    control,
    setValue,
    getFieldState,
    clearErrors,
    formState: { errors },
  } = usePanelForm(AnnouncementFormSchema, {
    defaultValues,
    submitData: id ? { intent, id } : { intent },
  });

  // A new announcement defaults to now (spec 9): the loader's "now" may be some minutes old when
  // the dialog opens without a page load.
  useEffect(() => {
    if (mode === "create" && !retyped && !getFieldState("date").isDirty) setValue("date", nowLocalDateTime(timeZone));
    // Once, when the dialog opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // An error clears as soon as its field is edited (spec 5); a value that is still wrong is
  // flagged again when the form is submitted.
  const field = (name: "title" | "description" | "date" | "imageUrl") => register(name, { onChange: () => clearErrors(name) });

  return (
    <Dialog title={mode === "create" ? "Create Announcement" : "Edit Announcement"} closeTo={closeTo}>
      <Form method="post" action={actionHref} onSubmit={handleSubmit} noValidate preventScrollReset className="group/announcement space-y-4">
        {failure?.formError ? <FormAlert>{failure.formError}</FormAlert> : null}
        {/* For a submission without JavaScript; with it, submitData carries the same fields. */}
        <input type="hidden" name="intent" value={intent} />
        {id ? <input type="hidden" name="id" value={id} /> : null}
        <TextField
          label={<Required>Title</Required>}
          autoFocus
          autoComplete="off"
          aria-required="true"
          error={errors.title?.message}
          {...field("title")}
        />
        <TextAreaField
          label={<Required>Description</Required>}
          rows={4}
          aria-required="true"
          error={errors.description?.message}
          {...field("description")}
        />
        <TextField
          label="Image URL"
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder="https://example.com/image.jpg"
          error={errors.imageUrl?.message}
          {...field("imageUrl")}
        />
        <TextField
          label={<Required>Date</Required>}
          type="datetime-local"
          step={60}
          aria-required="true"
          error={errors.date?.message}
          {...field("date")}
        />
        <SwitchField
          control={control}
          name="isActive"
          label="Active Status"
          onText="Announcement is visible"
          offText="Announcement is hidden"
        />
        <SwitchField
          control={control}
          name="isPinned"
          label="Pinned Status"
          onText="Announcement is pinned"
          offText="Announcement is not pinned"
        />
        <StatusPreview control={control} />
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Link to={closeTo} preventScrollReset className={buttonClass("secondary")}>
            Cancel
          </Link>
          <button type="submit" disabled={pending} className={buttonClass("primary")}>
            {mode === "create" ? (pending ? "Creating..." : "Create") : pending ? "Updating..." : "Update"}
          </button>
        </div>
      </Form>
    </Dialog>
  );
}
