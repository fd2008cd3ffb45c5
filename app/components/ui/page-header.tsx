import type { ReactNode } from "react";

/**
 * A screen's title, subtitle and actions. The title takes focus from script (tabIndex=-1) when
 * an action removed the control that had it and nothing took its place (restoreFocus).
 */
export function PageHeader({
  title,
  subtitle,
  actions,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="page-head">
      <div className="min-w-0">
        <h1 tabIndex={-1}>{title}</h1>
        {subtitle ? <p className="mt-1 text-sm text-slate-600">{subtitle}</p> : null}
      </div>
      {actions ? <div className="page-actions">{actions}</div> : null}
    </div>
  );
}
