import spriteUrl from "virtual:icon-sprite";

import type { IconName } from "~/components/ui/icon-names";

/**
 * One icon of the panel's SVG sprite (decision 025): a few bytes of markup that point at a
 * `<symbol>` of one hashed, cached file, instead of each icon's paths inlined in every row. The
 * symbol carries its set's viewBox and fills the box `className` gives (decision 069), so the
 * markup needs none of its own. Always decorative: the accessible name comes from the text or
 * aria-label around it.
 */
export function Icon({ name, className }: { name: IconName; className?: string }) {
  return (
    <svg aria-hidden="true" focusable="false" className={className}>
      <use href={`${spriteUrl}#${name}`} />
    </svg>
  );
}
