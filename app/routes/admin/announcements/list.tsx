import { useLocation, useSearchParams } from "react-router";

import type { Route } from "./+types/list";
import { announcementBody, loadAnnouncements } from "./list.server";
import { ANNOUNCEMENT_CONFIRMATIONS } from "./announcement-actions";
import { ANNOUNCEMENT_TABLE } from "./announcement-actions.server";
import type { AnnouncementDialog } from "./announcement-dialogs";
import type { AnnouncementFormFailure, AnnouncementFormStart } from "./announcement-form";
import { AnnouncementRow, type AnnouncementRowView } from "./announcement-row";
import { NumberedPagination } from "./numbered-pagination";
import { StatTiles } from "./stat-tiles";
import { DownloadCsvLink } from "~/components/ui/download-csv-link";
import { ButtonLink } from "~/components/ui/button";
import { BulkSelection } from "~/components/ui/bulk-selection";
import { EmptyState } from "~/components/ui/empty-state";
import { Icon } from "~/components/ui/icon";
import { lazyDialog } from "~/components/ui/lazy-dialog";
import { SearchFilters } from "~/components/ui/search-filters";
import { Spinner } from "~/components/ui/spinner";
import { useListReloading } from "~/components/ui/use-list-reloading";
import { closeDialogHref, dialogHref, skipRevalidationForDialogs } from "~/lib/dialog-url";
import { ANNOUNCEMENT_NOT_FOUND } from "~/lib/messages";
import { AnnouncementFormSchema } from "~/forms/announcement";
import { AnnouncementActionSchema, AnnouncementEditSchema } from "~/forms/announcement.server";
import { parseSubmission, runOnce, unhandledIntent } from "~/recipe/submission.server";
import { rowAction, tableRowAction } from "~/recipe/outcome.server";
import { saveForm } from "~/recipe/save-form.server";
import { createAnnouncement, updateAnnouncement } from "~/upstream/announcements.server";

// The dialogs (the create and edit form, the delete confirmation) load when one opens, not with
// the list (decision 026).
const AnnouncementDialogs = lazyDialog(() =>
  import("./announcement-dialogs").then((module) => module.AnnouncementDialogs),
);
const ConfirmDialog = lazyDialog(() => import("~/components/ui/confirm-dialog").then((module) => module.ConfirmDialog));

export function loader({ request }: Route.LoaderArgs) {
  return loadAnnouncements(request);
}

/**
 * Create and edit (a failure re-renders the dialog with everything typed), and the table's row
 * actions (announcement-actions.server.ts): delete, and the toggles, which say the state they want
 * and send nothing when the announcement is in it already (docs/product.md#announcements).
 */
export async function action({ request, context }: Route.ActionArgs) {
  return runOnce({ request, context }, async ({ request, form, back }) => {
    const submission = parseSubmission(form, AnnouncementActionSchema);
    if (!submission.ok) return submission.rejected;
    const posted = submission.value;
    switch (posted.intent) {
      case "create":
        return saveForm(request, form, {
          schema: AnnouncementFormSchema,
          send: (values) => createAnnouncement(request, announcementBody(values, "create")),
          target: (values) => ({ kind: "announcement", id: "", name: values.title }),
          to: back,
          replace: true,
          done: "Announcement created successfully",
          failed: "Failed to create announcement",
        });
      case "update":
        return saveForm(request, form, {
          schema: AnnouncementEditSchema,
          send: ({ id, ...values }) => updateAnnouncement(request, id, announcementBody(values, "update")),
          target: ({ id, title }) => ({ kind: "announcement", id, name: title }),
          to: back,
          replace: true,
          done: "Announcement updated successfully",
          failed: "Failed to update announcement",
        });
      case "activate":
      case "deactivate":
      case "pin":
      case "unpin":
      case "delete":
        return rowAction(request, back, tableRowAction(request, ANNOUNCEMENT_TABLE, posted.intent, posted.id));
      default:
        return unhandledIntent(posted);
    }
  });
}

export const meta: Route.MetaFunction = () => [{ title: "Announcements · Admin Dashboard" }];

export const shouldRevalidate = skipRevalidationForDialogs;

/** A new announcement: active, not pinned, dated now, no image (docs/product.md#announcement-form). */
function newAnnouncement(now: string): AnnouncementFormStart {
  return { title: "", description: "", date: now, imageUrl: "", isActive: true, isPinned: false };
}

function editStart(row: AnnouncementRowView): AnnouncementFormStart {
  return {
    title: row.title,
    description: row.description,
    date: row.dateLocal,
    imageUrl: row.imageUrl,
    isActive: row.isActive,
    isPinned: row.isPinned,
  };
}

export default function Announcements({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, pageInfo, search, stats, statsError, error, dialogTarget, bulk, can, timeZone, now } = loaderData;
  const location = useLocation();
  const [params] = useSearchParams();
  const closeTo = closeDialogHref(location.pathname, location.search);
  const newHref = `${closeTo}${closeTo.includes("?") ? "&" : "?"}new`;
  const searching = search.trim() !== "";

  // The spinner shows while another state of this list loads (page, search, after a change).
  const loading = useListReloading();

  // What a failed create or update handed back, for the dialog it came from.
  const failure = (intent: "create" | "update", id?: string): AnnouncementFormFailure | undefined => {
    const values = actionData?.values;
    if (!values || values.intent !== intent || (id !== undefined && values.id !== id)) return undefined;
    return { errors: actionData?.errors, values, formError: actionData?.formError };
  };

  // The announcements a dialog may be about: this page's, and one a link names from another page.
  // One that no longer exists (Back can bring an old URL back) is 'Announcement not found'.
  const targets = dialogTarget ? [...rows, dialogTarget] : rows;
  const editId = params.get("edit");
  const editing = editId ? targets.find((row) => row.id === editId) : undefined;
  const dialog: AnnouncementDialog | undefined = !can.manage
    ? undefined
    : params.has("new")
      ? { kind: "create", start: newAnnouncement(now), failure: failure("create") }
      : editId && editing
        ? { kind: "edit", id: editing.id, start: editStart(editing), failure: failure("update", editing.id) }
        : editId
          ? { kind: "edit-missing" }
          : undefined;

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 tabIndex={-1} className="flex items-center gap-3 text-2xl font-semibold tracking-tight text-slate-900">
            Announcements
            {loading ? <Spinner label="Loading announcements" /> : null}
          </h1>
          <p className="mt-1 text-sm text-slate-600">Create and manage community announcements</p>
        </div>
        <div className="flex flex-wrap gap-2 self-start sm:self-auto">
          {can.export ? <DownloadCsvLink csvPath="/announcements.csv" /> : null}
          {can.manage ? (
            <ButtonLink to={newHref} preventScrollReset>
              <Icon name="solid-plus" className="size-4" />
              Create Announcement
            </ButtonLink>
          ) : null}
        </div>
      </div>

      <StatTiles stats={stats} error={statsError} />

      <SearchFilters
        label="Search announcements"
        search={{ value: search, placeholder: "Search announcements...", label: "Search announcements" }}
      />

      <BulkSelection view={bulk}>
        <section
          aria-label="Announcements list"
          aria-busy={loading || undefined}
          className={`rounded-xl bg-surface shadow-sm ring-1 ring-slate-200 transition-opacity ${loading ? "opacity-60" : ""}`}
        >
          {error ? (
            <EmptyState tone="error" title={error} />
          ) : rows.length === 0 ? (
            <EmptyState
              icon="outline-megaphone"
              title="No Announcements Found"
              description={
                searching ? "No announcements match your search criteria." : "No announcements have been created yet."
              }
            />
          ) : (
            <ul className="divide-y divide-slate-200">
              {rows.map((row) => (
                <AnnouncementRow
                  key={row.id}
                  announcement={row}
                  actionHref={closeTo}
                  editHref={dialogHref(location.pathname, location.search, { edit: row.id })}
                  deleteHref={dialogHref(location.pathname, location.search, { confirm: "delete", id: row.id })}
                  can={can}
                />
              ))}
            </ul>
          )}
        </section>
      </BulkSelection>

      {error ? null : <NumberedPagination {...pageInfo} />}

      {dialog ? (
        <AnnouncementDialogs
          dialog={dialog}
          closeTo={closeTo}
          actionHref={`${location.pathname}${location.search}`}
          timeZone={timeZone}
        />
      ) : params.has("confirm") ? (
        <ConfirmDialog confirmations={ANNOUNCEMENT_CONFIRMATIONS} rows={targets} missing={ANNOUNCEMENT_NOT_FOUND} />
      ) : null}
    </div>
  );
}
