/**
 * UTC calendar days as `YYYY-MM-DD` text: the unit of the daily aggregates, of the scan log's date
 * filters and of its retention. Pure.
 */

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

/** True for a real calendar date written YYYY-MM-DD (2026-02-30 is not one). */
export function isDay(value: unknown): value is string {
  if (typeof value !== "string") return false;
  const match = DAY.exec(value);
  if (!match) return false;
  const date = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The UTC day of an instant. */
export function dayOf(instant: Date | string): string {
  return (typeof instant === "string" ? new Date(instant) : instant).toISOString().slice(0, 10);
}

/** `day` moved by `n` days (negative for earlier). */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + n * MS_PER_DAY).toISOString().slice(0, 10);
}

/** The first instant of a day, as the ISO text timestamps are compared with. */
export function startOfDay(day: string): string {
  return `${day}T00:00:00.000Z`;
}

/** Every day from `first` to `last`, both included. */
export function daysBetween(first: string, last: string): string[] {
  const out: string[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) out.push(day);
  return out;
}

/**
 * The first day the scan log still shows: scans of earlier days are deleted by the daily job (and
 * hidden until then), while their daily counts are kept.
 */
export function firstRetainedDay(now: Date, retentionDays: number): string {
  return addDays(dayOf(now), -retentionDays);
}
