import { ActiveBadge, PinnedBadge } from "./status-badges";
import { SelectRow } from "~/components/ui/bulk-selection";
import { SubmitButton } from "~/components/ui/form-actions";
import { Icon } from "~/components/ui/icon";
import { auditHistoryHref } from "~/routes/admin/audit/filters";
import { IconAction, iconActionClass, type IconActionTone } from "~/components/ui/icon-action";
import type { SolidIconName } from "~/components/ui/icon-names";
import { Tooltip } from "~/components/ui/tooltip";
import { UpstreamImage } from "~/components/ui/upstream-image";
import { MutationForm } from "~/recipe/mutation-form";

/** One announcement as the list shows it and the edit form starts from. */
export interface AnnouncementRowView {
  id: string;
  title: string;
  description: string;
  /** The instant, for `<time dateTime>`. */
  date: string;
  /** The date in en-US medium style in APP_TIMEZONE, formatted by the loader. */
  dateText: string;
  /** The date as the form's datetime-local value in APP_TIMEZONE. */
  dateLocal: string;
  isActive: boolean;
  isPinned: boolean;
  /** The stored image link, as the edit form shows it. */
  imageUrl: string;
  /** An http(s) link safe to show as the thumbnail, or null. */
  thumbnail: string | null;
}

/**
 * One row of the list (docs/product.md#announcements): its BulkSelection checkbox, thumbnail, title (always text), badges, date, description
 * clamped to two lines, and four actions. The two toggles are forms that post the state they
 * want; edit and delete are links that open URL-state dialogs.
 */
export function AnnouncementRow({
  announcement,
  actionHref,
  editHref,
  deleteHref,
  can,
}: {
  announcement: AnnouncementRowView;
  actionHref: string;
  editHref: string;
  deleteHref: string;
  /** What the admin's role offers (permissions.ts): the changes, and the History on /audit. */
  can: { manage: boolean; audit: boolean };
}) {
  const { id, title, description, date, dateText, isActive, isPinned, thumbnail } = announcement;
  return (
    <li
      className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-start sm:gap-4 sm:px-6"
      data-testid="announcement-row"
      data-id={id}
    >
      <div className="flex min-w-0 flex-1 gap-4">
        {can.manage ? <SelectRow id={id} name={title} /> : null}
        {thumbnail ? (
          <UpstreamImage
            src={thumbnail}
            className="size-14 shrink-0 rounded-lg sm:size-16"
            testId="announcement-thumbnail"
          />
        ) : null}
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="min-w-0 text-base font-semibold break-words text-slate-900">{title}</h3>
            <ActiveBadge active={isActive} />
            {isPinned ? <PinnedBadge /> : null}
          </div>
          <p className="mt-0.5 text-xs text-slate-500">
            <time dateTime={date}>{dateText}</time>
          </p>
          <p className="mt-1 line-clamp-2 text-sm break-words text-slate-600">{description}</p>
        </div>
      </div>
      <div className="row-actions shrink-0">
        {can.manage ? (
          <>
            <ToggleAction
              actionHref={actionHref}
              intent="toggle-status"
              id={id}
              field="isActive"
              wanted={!isActive}
              label={isActive ? "Deactivate" : "Activate"}
              item={title}
              icon={isActive ? "solid-eye-slash" : "solid-eye"}
              tone={isActive ? "neutral" : "success"}
            />
            <ToggleAction
              actionHref={actionHref}
              intent="toggle-pinned"
              id={id}
              field="isPinned"
              wanted={!isPinned}
              label={isPinned ? "Unpin" : "Pin"}
              item={title}
              icon="solid-map-pin"
              tone={isPinned ? "warning" : "neutral"}
            />
          </>
        ) : null}
        {can.audit ? (
          <IconAction
            to={auditHistoryHref("announcement", id)}
            label="History"
            name={`History of ${title}`}
            icon="solid-clock"
          />
        ) : null}
        {can.manage ? (
          <>
            <IconAction to={editHref} label="Edit" item={title} icon="solid-pencil-square" />
            <IconAction to={deleteHref} label="Delete" item={title} icon="solid-trash" tone="danger" align="end" />
          </>
        ) : null}
      </div>
    </li>
  );
}

/**
 * A toggle as a one-button form: it says the wanted state, so posting it twice changes nothing
 * more. Disabled while its own post is on its way (SubmitButton).
 */
function ToggleAction({
  actionHref,
  intent,
  id,
  field,
  wanted,
  label,
  item,
  icon,
  tone,
}: {
  actionHref: string;
  intent: "toggle-status" | "toggle-pinned";
  id: string;
  field: "isActive" | "isPinned";
  wanted: boolean;
  label: string;
  /** The announcement's title, in the button's accessible name. */
  item: string;
  icon: SolidIconName;
  tone: IconActionTone;
}) {
  return (
    <MutationForm action={actionHref} preventScrollReset className="contents">
      {/* Hidden inputs, not the button's name: a clicked button's value is not always posted. */}
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name={field} value={String(wanted)} />
      <Tooltip label={label}>
        <SubmitButton aria-label={`${label} ${item}`} className={iconActionClass(tone)}>
          <Icon name={icon} className="size-5" />
        </SubmitButton>
      </Tooltip>
    </MutationForm>
  );
}
