import { MapPinIcon } from "@heroicons/react/20/solid";
import { useEffect, useState } from "react";
import { useWatch, type Control } from "react-hook-form";

import { Badge } from "~/components/ui/badge";
import type { AnnouncementFormInput } from "~/forms/announcement";

/** The Active or Inactive badge of an announcement. */
export function ActiveBadge({ active }: { active: boolean }) {
  return <Badge tone={active ? "green" : "gray"}>{active ? "Active" : "Inactive"}</Badge>;
}

/** The Pinned badge, shown only for a pinned announcement. */
export function PinnedBadge() {
  return (
    <Badge tone="yellow" className="gap-1">
      <MapPinIcon className="size-3" aria-hidden="true" />
      Pinned
    </Badge>
  );
}

/** A switch value as the form holds it (boolean with JavaScript, a checkbox's string without). */
export function isOn(value: unknown): boolean {
  return value === true || value === "true" || value === "on";
}

/**
 * The status badge preview of the form (spec 2.13): the badges the announcement will show.
 * With JavaScript it follows the switches' state. In the server's HTML (and without JavaScript)
 * both variants are rendered and CSS shows the one matching the checkboxes, so it is live
 * there too; the enclosing form carries the `group/announcement` class.
 */
export function StatusPreview({ control }: { control: Control<AnnouncementFormInput> }) {
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);
  const [active, pinned] = useWatch({ control, name: ["isActive", "isPinned"] });
  return (
    <div className="rounded-lg bg-slate-50 px-4 py-3 ring-1 ring-slate-200 ring-inset">
      <p className="text-xs font-medium tracking-wide text-slate-500 uppercase" id="announcement-preview-label">
        Status Preview
      </p>
      <div className="mt-2 flex flex-wrap gap-2" aria-labelledby="announcement-preview-label" role="group" data-testid="status-preview">
        {enhanced ? (
          <>
            <ActiveBadge active={isOn(active)} />
            {isOn(pinned) ? <PinnedBadge /> : null}
          </>
        ) : (
          <>
            <span className="hidden group-has-[[name=isActive]:checked]/announcement:inline-flex">
              <ActiveBadge active />
            </span>
            <span className="inline-flex group-has-[[name=isActive]:checked]/announcement:hidden">
              <ActiveBadge active={false} />
            </span>
            <span className="hidden group-has-[[name=isPinned]:checked]/announcement:inline-flex">
              <PinnedBadge />
            </span>
          </>
        )}
      </div>
    </div>
  );
}
