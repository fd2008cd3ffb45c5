import { AnnouncementFormDialog, type AnnouncementFormFailure, type AnnouncementFormStart } from "./announcement-form";
import { FormAlert } from "~/components/ui/form-alert";
import { ButtonLink } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { ANNOUNCEMENT_NOT_FOUND } from "~/lib/messages";

/**
 * The form dialog the URL opens on the announcements screen (`?new`, `?edit=<id>`); the delete
 * confirmation (`?confirm=delete&id=<id>`) is ConfirmDialog's, from ANNOUNCEMENT_CONFIRMATIONS.
 */
export type AnnouncementDialog =
  | { kind: "create"; start: AnnouncementFormStart; failure?: AnnouncementFormFailure }
  | { kind: "edit"; id: string; start: AnnouncementFormStart; failure?: AnnouncementFormFailure }
  | { kind: "edit-missing" };

/**
 * The announcements screen's form dialogs, in one module the list loads only when one opens
 * (decision 026): the list's first load carries neither the form nor the dialog frame.
 */
export function AnnouncementDialogs({
  dialog,
  closeTo,
  actionHref,
  timeZone,
}: {
  dialog: AnnouncementDialog;
  closeTo: string;
  actionHref: string;
  timeZone: string;
}) {
  switch (dialog.kind) {
    case "create":
    case "edit": {
      const id = dialog.kind === "edit" ? dialog.id : undefined;
      return (
        <AnnouncementFormDialog
          key={id ? `edit-${id}` : "new"}
          mode={dialog.kind}
          id={id}
          start={dialog.start}
          failure={dialog.failure}
          closeTo={closeTo}
          actionHref={actionHref}
          timeZone={timeZone}
        />
      );
    }
    case "edit-missing":
      return (
        <Dialog title="Edit Announcement" closeTo={closeTo}>
          <FormAlert>{ANNOUNCEMENT_NOT_FOUND}</FormAlert>
          <div className="mt-5 flex justify-end">
            <ButtonLink to={closeTo} variant="secondary" preventScrollReset>
              Close
            </ButtonLink>
          </div>
        </Dialog>
      );
  }
}
