// Ranges (MAP-014, MAP-015): a stringified (or plain) object `{start, end}`, of days for
// `date-range` and of timestamps (turned to UTC) for `date-time-range`. Both ends empty clear.
import { toDateTime, toDay } from './dates.js';
import { isPlainObject, parseJsonText } from './json-text.js';
import { isEmpty, ValueError } from './value-error.js';

export interface Range {
  start: string;
  end: string;
}

function toRange(value: unknown, item: (v: unknown) => string | null, expected: string): Range | null {
  if (isEmpty(value)) return null;
  const object = typeof value === 'string' ? parseJsonText(value.trim(), expected, value) : value;
  if (!isPlainObject(object)) throw new ValueError(expected, value);
  let start: string | null;
  let end: string | null;
  try {
    start = item(object.start);
    end = item(object.end);
  } catch {
    throw new ValueError(expected, value);
  }
  if (start === null && end === null) return null;
  if (start === null || end === null) throw new ValueError(expected, value);
  return { start, end };
}

export function toDateRange(value: unknown): Range | null {
  return toRange(value, toDay, 'a date range {"start": "YYYY-MM-DD", "end": "YYYY-MM-DD"} (an object or its JSON text)');
}

export function toDateTimeRange(value: unknown): Range | null {
  return toRange(value, toDateTime, 'a date-time range {"start": <ISO 8601 timestamp>, "end": <ISO 8601 timestamp>} (an object or its JSON text)');
}
