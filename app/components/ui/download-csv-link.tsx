import { useLocation } from "react-router";

import { buttonClass } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { closeDialogHref } from "~/lib/dialog-url";

/**
 * A list's "Download CSV" (docs/product.md#list-exports): a plain link to the list's CSV address
 * with the page's own query (an open dialog's params left out). A plain `<a>`, so the router never
 * loads it as a page: the answer's `Content-Disposition: attachment` makes it a download, with or
 * without JavaScript, and a refusal (a 429, a failed first page) shows as a page, not a saved file.
 */
export function DownloadCsvLink({ csvPath }: { csvPath: string }) {
  const location = useLocation();
  return (
    <a href={closeDialogHref(csvPath, location.search)} className={buttonClass("secondary", "sm")}>
      <Icon name="solid-arrow-down-tray" className="size-4" />
      Download CSV
    </a>
  );
}
