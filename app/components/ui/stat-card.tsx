import { Icon } from "~/components/ui/icon";
import type { OutlineIconName } from "~/components/ui/icon-names";

/** A dashboard number with its label; on failure it shows the error text instead (docs/product.md#dashboard). */
export function StatCard({
  label,
  value,
  icon,
  error,
}: {
  label: string;
  value: number | null;
  icon: OutlineIconName;
  error?: string;
}) {
  return (
    <div className="rounded-xl bg-surface p-5 shadow-sm ring-1 ring-slate-200" data-testid="stat-card">
      <div className="flex items-center justify-between">
        <p className="text-sm font-medium text-slate-600">{label}</p>
        <span className="flex size-9 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
          <Icon name={icon} className="size-5" />
        </span>
      </div>
      {value === null ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {error}
        </p>
      ) : (
        <p className="mt-3 text-3xl font-semibold tracking-tight text-slate-900">{value.toLocaleString("en-US")}</p>
      )}
    </div>
  );
}
