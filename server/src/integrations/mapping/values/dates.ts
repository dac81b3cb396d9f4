// Dates: `date` is an ISO 8601 timestamp turned to UTC (`YYYY-MM-DDTHH:MM:SS.sssZ`, MAP-031);
// `day` is `YYYY-MM-DD` (MAP-032), of which a timestamp's date part (as written) is taken.
// Parsed by hand so that no calendar overflow (2021-02-30) or local time zone slips through.
import { isEmpty, ValueError } from './value-error.js';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(Z|z|[+-]\d{2}(?::?\d{2})?)?)?$/;
const DATE_TIME_EXPECTED = 'an ISO 8601 timestamp such as 2026-11-23T09:15:00.000Z (an offset is turned to UTC)';
const DAY_EXPECTED = 'a date YYYY-MM-DD (or a timestamp, whose date part is taken)';

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function validDay(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return day <= (month === 2 && leap ? 29 : (MONTH_DAYS[month - 1] as number));
}

/** Milliseconds of an offset `Z`, `+02`, `+0200`, `-05:30` (absent: UTC). */
function offsetMs(offset: string | undefined): number | null {
  if (!offset || offset.toUpperCase() === 'Z') return 0;
  const digits = offset.slice(1).replace(':', '');
  const hours = Number(digits.slice(0, 2));
  const minutes = digits.length > 2 ? Number(digits.slice(2)) : 0;
  if (hours > 23 || minutes > 59) return null;
  return (offset[0] === '-' ? -1 : 1) * (hours * 60 + minutes) * 60_000;
}

/** A timestamp as `YYYY-MM-DDTHH:MM:SS.sssZ`; a date alone is midnight UTC; `null` clears. */
export function toDateTime(value: unknown): string | null {
  if (isEmpty(value)) return null;
  const match = typeof value === 'string' ? TIMESTAMP.exec(value.trim()) : null;
  if (!match) throw new ValueError(DATE_TIME_EXPECTED, value);
  const [, y, mo, d, h = '00', mi = '00', s = '00', fraction = '0', offset] = match;
  const [year, month, day, hour, minute, second] = [y, mo, d, h, mi, s].map(Number) as [number, number, number, number, number, number];
  const shift = offsetMs(offset);
  if (!validDay(year, month, day) || hour > 23 || minute > 59 || second > 59 || shift === null) throw new ValueError(DATE_TIME_EXPECTED, value);
  const ms = Number(fraction.padEnd(3, '0').slice(0, 3));
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, ms);
  const utc = new Date(date.getTime() - shift);
  const utcYear = utc.getUTCFullYear();
  if (utcYear < 0 || utcYear > 9999) throw new ValueError(DATE_TIME_EXPECTED, value);
  return utc.toISOString();
}

/** A date `YYYY-MM-DD`; of a timestamp, its date part as written; `null` clears. */
export function toDay(value: unknown): string | null {
  if (isEmpty(value)) return null;
  const text = typeof value === 'string' ? value.trim() : '';
  const day = DAY.exec(text.slice(0, 10));
  if (!day || !validDay(Number(day[1]), Number(day[2]), Number(day[3]))) throw new ValueError(DAY_EXPECTED, value);
  if (text.length > 10) {
    try {
      toDateTime(text);
    } catch {
      throw new ValueError(DAY_EXPECTED, value);
    }
  }
  return day[0];
}
