/**
 * Values a field refuses (spec/integrations.md, "Values"), shared by sync.values-invalid (the run
 * fails with integration.error/row-invalid and its data) and sync.values-invalid-message (what its
 * message says): the app fields, the cases and how one case is run. Each value is alone in its
 * run, delivered as the only row of a delta page through a script front, since a bad value fails
 * the whole run.
 */
import type { CheckContext } from '../../check.js';
import type { HttpResponse } from '../../http.js';
import { isRecord } from '../../shapes.js';
import { runSync, type ErrorBody, type SyncRun } from './admin.js';
import type { Integration } from './integration.js';
import { oneTypeScenario } from './scenarios.js';
import { startScriptFront, type ScriptFront } from './script-front.js';
import type { Scenario } from './mock.js';

/** The app type of every case. */
export const REFUSED_TYPE = 'thing';
/** The key of the row that carries the value (unless the case brings its own row). */
export const REFUSED_KEY = 'k-refused';

/** One app field of each kind of value. */
export const REFUSING_FIELDS = {
  flag: { name: 'Flag', type: 'text', subType: 'boolean' },
  score: { name: 'Score', type: 'number' },
  count: { name: 'Count', type: 'number', subType: 'integer' },
  homepage: { name: 'Homepage', type: 'text', subType: 'url' },
  contact: { name: 'Contact', type: 'text', subType: 'email' },
  due: { name: 'Due', type: 'date' },
  day: { name: 'Day', type: 'date', subType: 'day' },
  period: { name: 'Period', type: 'text', subType: 'date-range' },
  window: { name: 'Window', type: 'text', subType: 'date-time-range' },
  place: { name: 'Place', type: 'text', subType: 'location' },
  remark: { name: 'Remark', type: 'text' },
  tags: { name: 'Tags', type: 'text', subType: 'multi-select' },
  priority: { name: 'Priority', type: 'text', subType: 'single-select' },
  cover: { name: 'Cover', type: 'text', subType: 'file' },
  attachments: { name: 'Attachments', type: 'array[text]', subType: 'file' },
  ref: { name: 'Ref', type: 'text', relation: { cardinality: 'many-to-one', name: 'Ref', targetType: 'elsewhere', targetFieldId: 'id' } },
  refs: { name: 'Refs', type: 'array[text]', relation: { cardinality: 'many-to-many', name: 'Refs', targetType: 'elsewhere', targetFieldId: 'id' } },
} as const;

export type RefusingField = keyof typeof REFUSING_FIELDS | 'id';

/** A value outside the rules of its field and why (for the field `id`: a row without a usable key). */
export interface RefusedCase {
  /** The app field at fault (`id`: the row key). */
  field: RefusingField;
  value: unknown;
  why: string;
  /** The requirement whose rule refuses the value. */
  rule: string;
  /** The row to deliver instead of `{id: REFUSED_KEY, name, <field>: <value>}`; without a usable key when `field` is `id`. */
  row?: Record<string, unknown>;
}

/** The scenario of the cases: one type with every refusing field, no rows (each run is scripted). */
export function refusedScenario(description: string): Scenario {
  return oneTypeScenario(description, { ...REFUSING_FIELDS }, []);
}

/** The row a case delivers. */
export function refusedRow(c: RefusedCase): Record<string, unknown> {
  return c.row ?? { id: REFUSED_KEY, name: 'A row with a refused value', [c.field]: c.value };
}

/** Whether the row of a case has no usable key (the key itself is refused). */
export function keyless(c: RefusedCase): boolean {
  return c.field === 'id';
}

/** The `data` of the run's error (spec: SYNC-012): the app type, the row key unless it is unusable, the app field at fault. */
export function expectedData(c: RefusedCase): Record<string, string> {
  return { type: REFUSED_TYPE, ...(keyless(c) ? {} : { key: REFUSED_KEY }), field: c.field };
}

/** A value for a failure message: its JSON text, cut when long. */
export function describeValue(value: unknown): string {
  if (value === undefined) return '(absent)';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 120 ? `${text.slice(0, 100)}... (${text.length} characters)` : text;
}

/** The workspace field name (in the Space) of an app field, for reading what landed. */
export function landedName(field: RefusingField): string {
  return (REFUSING_FIELDS as Record<string, { name: string }>)[field]?.name ?? field;
}

/** Starts the script front the cases go through (pass it as the `front` option of withIntegration). */
export function frontHolder(): { front: (url: string) => Promise<ScriptFront>; get: () => ScriptFront } {
  let front: ScriptFront | undefined;
  return {
    front: async (url) => (front = await startScriptFront(url)),
    get: () => {
      if (!front) throw new Error('the script front was not started');
      return front;
    },
  };
}

export interface RefusedRun {
  run: SyncRun;
  res: HttpResponse;
  /** The run's error when it failed with one. */
  error: ErrorBody | undefined;
}

/** Delivers the row of a case as the only row of a delta page and runs a sync (the run ends, failed or not). */
export async function runRefused(ctx: CheckContext, it: Integration, front: ScriptFront, c: RefusedCase): Promise<RefusedRun> {
  front.script(REFUSED_TYPE, [{ items: [refusedRow(c)], synchronizationType: 'delta' }]);
  const { run, res } = await runSync(ctx, it.source.id);
  return { run, res, error: run.status === 'failed' && isRecord(run.error) ? run.error : undefined };
}

// ------------------------------------------------------------------ values at and beyond the limits

/** A text of `length` characters. */
const chars = (length: number, char = 'x'): string => char.repeat(length);
/** An http URL of exactly `length` characters. */
export const urlOf = (length: number, base = 'https://example.org/'): string => `${base}${chars(length - base.length, 'p')}`;
/** An e-mail address of exactly `length` characters. */
export const emailOf = (length: number): string => `${chars(length - '@example.org'.length, 'm')}@example.org`;
/** A row key of exactly `length` characters. */
export const keyOf = (length: number): string => chars(length, 'k');
/** A coordinates text of exactly `length` characters (after trimming) for 10, 20. */
export const coordinatesOf = (length: number): string => `10.${chars(length - '10., 20'.length, '0')}, 20`;
/** A location JSON text of exactly `length` characters: {latitude: 1, longitude: 2} with a padded fullAddress. */
export const locationJsonOf = (length: number): string => {
  const frame = JSON.stringify({ latitude: 1, longitude: 2, fullAddress: '' });
  return JSON.stringify({ latitude: 1, longitude: 2, fullAddress: chars(length - frame.length, 'a') });
};
/** `count` distinct option names. */
export const namesOf = (count: number): string[] => Array.from({ length: count }, (_, i) => `n${i}`);
/** `count` URLs of one file (a file value counts every URL it holds, repeats too). */
export const urlsOf = (count: number, url: string): string[] => Array.from({ length: count }, () => url);

/** Limits of MAP-071. */
export const LIMITS = { text: 1_000_000, url: 8192, email: 1000, key: 1000, coordinates: 200, locationJson: 10_000, names: 1000, files: 100, fileUrl: 8192 } as const;
