import type { ReactNode } from "react";

import { Spinner } from "~/components/ui/spinner";
import { useListReloading } from "~/components/ui/use-list-reloading";

/**
 * A list's box. While another state of the list loads (useListReloading) it is aria-busy,
 * dimmed, and shows a quiet spinner in its corner, so the rows on screen are not taken for the
 * answer to the new filter.
 */
export function ReloadingRegion({
  label,
  className = "",
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  const reloading = useListReloading();
  return (
    <div aria-busy={reloading || undefined} className={`relative ${className}`}>
      {reloading ? (
        <span className="absolute top-2 right-2 z-10">
          <Spinner label={`Loading ${label}`} className="size-4" />
        </span>
      ) : null}
      <div className={reloading ? "transition-opacity opacity-60" : "transition-opacity"}>{children}</div>
    </div>
  );
}
