import { Badge } from "~/components/ui/badge";
import { Icon } from "~/components/ui/icon";

/** The Active or Inactive badge of an announcement. */
export function ActiveBadge({ active }: { active: boolean }) {
  return <Badge tone={active ? "green" : "gray"}>{active ? "Active" : "Inactive"}</Badge>;
}

/** The Pinned badge, shown only for a pinned announcement. */
export function PinnedBadge() {
  return (
    <Badge tone="yellow" className="gap-1">
      <Icon name="solid-map-pin" className="size-3" />
      Pinned
    </Badge>
  );
}

/** Whether a posted switch was on: the box sends its value "true" (a bare checkbox, "on"). */
export function isOn(value: unknown): boolean {
  return value === "true" || value === "on";
}

/**
 * The status badge preview of the form (docs/product.md#announcement-form): the badges the announcement will show.
 * Both variants are rendered and CSS shows the one matching the switches, so it follows them
 * with or without JavaScript; the enclosing form carries the `group/announcement` class.
 */
export function StatusPreview() {
  return (
    <div className="rounded-lg bg-slate-50 px-4 py-3 ring-1 ring-slate-200 ring-inset">
      <p className="text-xs font-medium tracking-wide text-slate-600 uppercase" id="announcement-preview-label">
        Status Preview
      </p>
      <div
        className="mt-2 flex flex-wrap gap-2"
        aria-labelledby="announcement-preview-label"
        role="group"
        data-testid="status-preview"
      >
        <span className="hidden group-has-[[name=isActive]:checked]/announcement:inline-flex">
          <ActiveBadge active />
        </span>
        <span className="inline-flex group-has-[[name=isActive]:checked]/announcement:hidden">
          <ActiveBadge active={false} />
        </span>
        <span className="hidden group-has-[[name=isPinned]:checked]/announcement:inline-flex">
          <PinnedBadge />
        </span>
      </div>
    </div>
  );
}
