/**
 * The icons of the panel's sprite (scripts/vite-icon-sprite.ts builds it from @heroicons/react).
 * Names are Heroicons' file names; a symbol's id carries its set, so decision 023 stays visible
 * where an icon is used: `solid-…` for controls and text, `outline-…` for artwork.
 * Plain data: the Vite plugin reads the lists, the app only their types (the lists stay out of the
 * browser's bundle), and no Heroicons code reaches the browser.
 */

/** 20/solid: buttons, icon actions, row links, toasts, badges, notices, pagination, the shell's controls. */
export const SOLID_ICONS = [
  "academic-cap",
  "arrow-down-tray",
  "arrow-left",
  "arrow-path",
  "arrow-right-start-on-rectangle",
  "arrow-up-tray",
  "bars-3",
  "bell-alert",
  "check",
  "check-badge",
  "check-circle",
  "chevron-double-left",
  "chevron-double-right",
  "chevron-left",
  "chevron-right",
  "chevron-up-down",
  "clock",
  "computer-desktop",
  "device-phone-mobile",
  "envelope",
  "envelope-open",
  "exclamation-circle",
  "exclamation-triangle",
  "eye",
  "eye-slash",
  "identification",
  "information-circle",
  "lock-open",
  "magnifying-glass",
  "map-pin",
  "no-symbol",
  "pencil-square",
  "photo",
  "plus",
  "trash",
  "user-group",
  "x-mark",
] as const;

/** 24/outline: the sidebar's navigation, stat tiles, and the icon of an empty or error state. */
export const OUTLINE_ICONS = [
  "calendar-days",
  "chart-bar",
  "chat-bubble-left-right",
  "check-circle",
  "clipboard-document-list",
  "credit-card",
  "envelope",
  "envelope-open",
  "exclamation-triangle",
  "home",
  "map-pin",
  "megaphone",
  "shield-check",
  "user-group",
  "users",
] as const;

/** A 20/solid icon, for a control or a line of text. */
export type SolidIconName = `solid-${(typeof SOLID_ICONS)[number]}`;
/** A 24/outline icon, for artwork (navigation, tiles, empty states). */
export type OutlineIconName = `outline-${(typeof OUTLINE_ICONS)[number]}`;
/** Any icon of the sprite: its symbol id. */
export type IconName = SolidIconName | OutlineIconName;

/** The viewBox of each set's icons (Heroicons' own; the sprite's unit test checks them). */
export const VIEW_BOXES = { solid: "0 0 20 20", outline: "0 0 24 24" } as const;
