import { Icon } from "~/components/ui/icon";
import type { OutlineIconName } from "~/components/ui/icon-names";

/** The four numbers of docs/product.md#announcements, from GET /announcements/stats/overview. */
export interface AnnouncementStatsView {
  total: number;
  active: number;
  pinned: number;
  today: number;
}

const TILES: {
  key: keyof AnnouncementStatsView;
  label: string;
  icon: OutlineIconName;
  tone: string;
}[] = [
  { key: "total", label: "Total", icon: "outline-megaphone", tone: "bg-brand-50 text-brand-700" },
  { key: "active", label: "Active", icon: "outline-check-circle", tone: "bg-emerald-50 text-emerald-700" },
  { key: "pinned", label: "Pinned", icon: "outline-map-pin", tone: "bg-amber-50 text-amber-700" },
  { key: "today", label: "Today", icon: "outline-calendar-days", tone: "bg-sky-50 text-sky-700" },
];

/**
 * The stat tiles: Total, Active, Pinned and Today. When the stats call fails the tiles show
 * a dash and their own error line; the list below does not depend on them.
 */
export function StatTiles({ stats, error }: { stats: AnnouncementStatsView | null; error: string | null }) {
  return (
    <section aria-label="Announcement statistics">
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4 lg:gap-4">
        {TILES.map(({ key, label, icon, tone }) => (
          // A <dl> group holds only its <dt> and <dd>: the icon sits inside the <dt>, placed beside both.
          <div
            key={key}
            className="relative rounded-xl bg-surface p-4 shadow-sm ring-1 ring-slate-200 sm:pl-17"
            data-testid={`stat-${key}`}
          >
            <dt className="truncate text-sm font-medium text-slate-600">
              <span
                className={`absolute top-1/2 left-4 hidden size-10 -translate-y-1/2 items-center justify-center rounded-lg sm:flex ${tone}`}
              >
                <Icon name={icon} className="size-5" />
              </span>
              {label}
            </dt>
            <dd className="text-2xl font-semibold tracking-tight text-slate-900 tabular-nums">
              {stats ? stats[key].toLocaleString("en-US") : <span aria-label="Not available">—</span>}
            </dd>
          </div>
        ))}
      </dl>
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </section>
  );
}
