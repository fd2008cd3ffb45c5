import type { ReactNode } from "react";

/**
 * One labelled fact of a details page, a direct child of a `<dl>` (a group there may hold only
 * its `<dt>` and `<dd>`, so layout classes go on it through `className`).
 */
export function DetailField({
  label,
  className = "",
  children,
  ...rest
}: {
  label: string;
  className?: string;
  children: ReactNode;
  "data-testid"?: string;
}) {
  return (
    <div className={`min-w-0 ${className}`} {...rest}>
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-1 text-sm text-slate-900">{children}</dd>
    </div>
  );
}
