/**
 * Local date-times as `<input type="datetime-local">` holds them (`YYYY-MM-DDTHH:mm`), read in
 * an explicit IANA time zone (the panel's APP_TIMEZONE), never in the machine's own. Pure: the
 * server and the browser compute the same values.
 */

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?$/;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function wallFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      era: "short",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall clock an instant shows in a time zone. */
function wallClockAt(ms: number, timeZone: string): WallClock {
  const parts: Record<string, string> = {};
  for (const part of wallFormatter(timeZone).formatToParts(ms)) parts[part.type] = part.value;
  const yearOfEra = Number(parts.year);
  // Years before 1 CE come as "BC" years; astronomical numbering keeps the arithmetic simple.
  const year = parts.era === "BC" || parts.era === "B" ? 1 - yearOfEra : yearOfEra;
  return {
    year,
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
    second: Number(parts.second),
    millisecond: ms - Math.floor(ms / 1000) * 1000,
  };
}

/** A wall clock read as if it were UTC (no two-digit-year shortcut of Date.UTC). */
function wallAsUtc({ year, month, day, hour, minute, second, millisecond }: WallClock): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, millisecond);
  return date.getTime();
}

/** How far a time zone's wall clock is ahead of UTC at an instant, in milliseconds. */
function zoneOffsetMs(ms: number, timeZone: string): number {
  const whole = Math.floor(ms / 1000) * 1000;
  return wallAsUtc({ ...wallClockAt(whole, timeZone), millisecond: 0 }) - whole;
}

function pad(value: number, length = 2): string {
  const text = String(Math.abs(value)).padStart(length, "0");
  return value < 0 ? `-${text}` : text;
}

/** Parses `YYYY-MM-DDTHH:mm[:ss[.sss]]` into its parts, or null when it is not a real date-time. */
function parseLocal(value: string): WallClock | null {
  const match = LOCAL_DATE_TIME.exec(value.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second = 0, millisecond = 0] = match
    .slice(1)
    .map((part, index) =>
      part === undefined ? undefined : index === 6 ? Number(part.padEnd(3, "0")) : Number(part),
    ) as number[];
  const wall: WallClock = { year: year!, month: month!, day: day!, hour: hour!, minute: minute!, second, millisecond };
  if (wall.month < 1 || wall.month > 12 || wall.hour > 23 || wall.minute > 59 || wall.second > 59 || wall.day < 1)
    return null;
  // Day 31 of a 30-day month (or Feb 29 of a common year) rolls over: not a real date.
  const check = new Date(wallAsUtc(wall));
  if (check.getUTCDate() !== wall.day || check.getUTCMonth() !== wall.month - 1) return null;
  return wall;
}

/** True for a local date-time an `<input type="datetime-local">` can hold (`2026-01-15T09:30`). */
export function isLocalDateTime(value: string): boolean {
  return parseLocal(value) !== null;
}

/**
 * An instant (a Date, epoch milliseconds or an ISO string) as the local date-time a
 * datetime-local input shows in `timeZone`, cut to minutes; '' for a value that is not a date.
 */
export function toLocalDateTime(instant: Date | number | string | null | undefined, timeZone: string): string {
  if (instant === null || instant === undefined || instant === "") return "";
  const ms = instant instanceof Date ? instant.getTime() : typeof instant === "number" ? instant : Date.parse(instant);
  if (!Number.isFinite(ms)) return "";
  // Reading the wall clock (formatToParts) is the costly part, and pages ask for "now" and near
  // instants again and again: the last answer per time zone is kept for its second (every zone's
  // offset is a whole number of seconds, so one second reads one wall minute).
  const second = Math.floor(ms / 1000);
  const last = lastLocal.get(timeZone);
  if (last?.second === second) return last.text;
  const wall = wallClockAt(ms, timeZone);
  const text = `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}`;
  lastLocal.set(timeZone, { second, text });
  return text;
}

const lastLocal = new Map<string, { second: number; text: string }>();

/** "Now" as a local date-time in `timeZone`, at minute precision (the form's default date, docs/product.md#announcement-form). */
export function nowLocalDateTime(timeZone: string, now: Date | number = Date.now()): string {
  return toLocalDateTime(now, timeZone);
}

/**
 * The instant (ISO 8601, UTC) a local date-time means in `timeZone`, or null when the value is
 * not a date-time. A wall time that happens twice (clocks going back) is the earlier instant;
 * one that never happens (clocks going forward) is read with the offset before the change, so
 * 02:30 on a spring-forward night in New York becomes 03:30 local time.
 */
export function localDateTimeToIso(value: string, timeZone: string): string | null {
  const wall = parseLocal(value);
  if (!wall) return null;
  const asUtc = wallAsUtc(wall);
  const before = zoneOffsetMs(asUtc - DAY_MS, timeZone);
  const after = zoneOffsetMs(asUtc + DAY_MS, timeZone);
  const candidates = [...new Set([asUtc - before, asUtc - after])]
    .filter((ms) => zoneOffsetMs(ms, timeZone) === asUtc - ms)
    .sort((a, b) => a - b);
  const ms = candidates[0] ?? asUtc - before;
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/**
 * An instant as ISO 8601 with `timeZone`'s offset at that instant (`2026-11-25T14:03:05+01:00`):
 * the wall clock and the offset, so the value is both readable and exact; '' for a value that is not a date.
 */
export function isoWithOffset(instant: Date | number | string | null | undefined, timeZone: string): string {
  if (instant === null || instant === undefined || instant === "") return "";
  const ms = instant instanceof Date ? instant.getTime() : typeof instant === "number" ? instant : Date.parse(instant);
  if (!Number.isFinite(ms)) return "";
  const wall = wallClockAt(ms, timeZone);
  const offsetMinutes = Math.round(zoneOffsetMs(ms, timeZone) / 60_000);
  const sign = offsetMinutes < 0 ? "-" : "+";
  const offset = `${sign}${pad(Math.floor(Math.abs(offsetMinutes) / 60))}:${pad(Math.abs(offsetMinutes) % 60)}`;
  const date = `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}`;
  return `${date}T${pad(wall.hour)}:${pad(wall.minute)}:${pad(wall.second)}${offset}`;
}
