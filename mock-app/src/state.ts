// The mock app's data: the current rows of each type in a stable order, the time each row last
// changed, tombstones of deleted rows (for delta answers), and the pagination of a list of rows.
import type { AppDataRow, ScenarioChanges, TypeChanges } from './scenario-types.js';

/** A refused change; `path` names the offending part, e.g. `/issue/update/0/id`. */
export class ChangeError extends Error {
  constructor(
    readonly path: string,
    readonly problem: string,
  ) {
    super(`${path}: ${problem}`);
    this.name = 'ChangeError';
  }
}

interface RowRecord {
  row: AppDataRow;
  changedAt: number;
}

interface Tombstone {
  key: string | number;
  deletedAt: number;
}

interface TypeRows {
  keyField: string;
  entries: Map<string, RowRecord>;
  tombstones: Map<string, Tombstone>;
}

/** The row's key as a map key, or undefined when it has none (a key is a non-empty string or a finite number). */
export function rowKey(row: Record<string, unknown>, keyField: string): string | undefined {
  const value = row[keyField];
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

function withoutSyncAction(row: AppDataRow): AppDataRow {
  const copy = structuredClone(row);
  delete copy.__syncAction;
  return copy;
}

export interface DataStateInit {
  /** Type id to its key field, in config order. */
  keyFields: Record<string, string>;
  /** Type id to its initial rows. */
  rows: Record<string, AppDataRow[]>;
  now?: () => number;
}

export class DataState {
  private readonly types = new Map<string, TypeRows>();
  private readonly now: () => number;

  constructor(init: DataStateInit) {
    this.now = init.now ?? Date.now;
    for (const [type, keyField] of Object.entries(init.keyFields)) {
      this.types.set(type, { keyField, entries: new Map(), tombstones: new Map() });
    }
    const create: ScenarioChanges = {};
    for (const [type, rows] of Object.entries(init.rows)) create[type] = { create: rows };
    this.change(create);
  }

  hasType(type: string): boolean {
    return this.types.has(type);
  }

  keyField(type: string): string {
    return this.typeRows(type, `/${type}`).keyField;
  }

  /** Current rows of a type, in order (copies). */
  rows(type: string): AppDataRow[] {
    return [...this.typeRows(type, `/${type}`).entries.values()].map((r) => structuredClone(r.row));
  }

  /** One page of the current rows (copies of that page only: a page costs its own size, not the type's). */
  rowsPage(type: string, offset: number, pageSize: number): Page<AppDataRow> {
    const entries = [...this.typeRows(type, `/${type}`).entries.values()];
    const page = paginate(entries, offset, pageSize);
    return { ...page, items: page.items.map((r) => structuredClone(r.row)) };
  }

  /**
   * Applies creates, then updates, then deletes of every type, all stamped with the current
   * time. Everything is checked first: a refused change applies nothing.
   */
  change(changes: ScenarioChanges): void {
    for (const [type, typeChanges] of Object.entries(changes)) this.check(type, typeChanges);
    const at = this.now();
    for (const [type, typeChanges] of Object.entries(changes)) {
      const rows = this.typeRows(type, `/${type}`);
      for (const row of typeChanges.create ?? []) this.set(rows, withoutSyncAction(row), at);
      for (const row of typeChanges.update ?? []) {
        const key = rowKey(row, rows.keyField) as string;
        const old = rows.entries.get(key) as RowRecord;
        this.set(rows, { ...old.row, ...withoutSyncAction(row) }, at);
      }
      for (const key of typeChanges.delete ?? []) this.remove(rows, String(key), at);
    }
  }

  /**
   * Applies rows carrying `__syncAction` (what `transform` answers): `SET` (or none) creates the
   * row or merges it into the existing one, `REMOVE` deletes it if present.
   */
  applySyncRows(data: Record<string, AppDataRow[]>): void {
    for (const [type, list] of Object.entries(data)) {
      const rows = this.typeRows(type, `/${type}`);
      list.forEach((row, i) => {
        if (rowKey(row, rows.keyField) === undefined) throw new ChangeError(`/${type}/${i}/${rows.keyField}`, 'the row has no key');
      });
    }
    const at = this.now();
    for (const [type, list] of Object.entries(data)) {
      const rows = this.typeRows(type, `/${type}`);
      for (const row of list) {
        const key = rowKey(row, rows.keyField) as string;
        if (row.__syncAction === 'REMOVE') {
          if (rows.entries.has(key)) this.remove(rows, key, at);
          continue;
        }
        const old = rows.entries.get(key);
        this.set(rows, { ...(old?.row ?? {}), ...withoutSyncAction(row) }, at);
      }
    }
  }

  /**
   * Rows changed at or after `since` (ms) with `__syncAction: SET`, in row order, then the rows
   * deleted since as `{<key field>: key, __syncAction: REMOVE}`.
   */
  changedSince(type: string, since: number): AppDataRow[] {
    const rows = this.typeRows(type, `/${type}`);
    const set = [...rows.entries.values()].filter((r) => r.changedAt >= since).map((r): AppDataRow => ({ ...structuredClone(r.row), __syncAction: 'SET' }));
    const removed = [...rows.tombstones.values()]
      .filter((t) => t.deletedAt >= since)
      .map((t): AppDataRow => ({ [rows.keyField]: t.key, __syncAction: 'REMOVE' }));
    return [...set, ...removed];
  }

  private typeRows(type: string, path: string): TypeRows {
    const rows = this.types.get(type);
    if (!rows) throw new ChangeError(path, `unknown type "${type}" (known: ${[...this.types.keys()].join(', ')})`);
    return rows;
  }

  private check(type: string, changes: TypeChanges): void {
    const rows = this.typeRows(type, `/${type}`);
    const keys = new Set(rows.entries.keys());
    (changes.create ?? []).forEach((row, i) => {
      const key = rowKey(row, rows.keyField);
      if (key === undefined) throw new ChangeError(`/${type}/create/${i}/${rows.keyField}`, 'a created row needs its key (a non-empty string or a number)');
      if (keys.has(key)) throw new ChangeError(`/${type}/create/${i}/${rows.keyField}`, `a row "${key}" exists already`);
      keys.add(key);
    });
    (changes.update ?? []).forEach((row, i) => {
      const key = rowKey(row, rows.keyField);
      if (key === undefined) throw new ChangeError(`/${type}/update/${i}/${rows.keyField}`, 'an updated row needs its key');
      if (!keys.has(key)) throw new ChangeError(`/${type}/update/${i}/${rows.keyField}`, `there is no row "${key}" to update`);
    });
    (changes.delete ?? []).forEach((key, i) => {
      if (!keys.delete(String(key))) throw new ChangeError(`/${type}/delete/${i}`, `there is no row "${key}" to delete`);
    });
  }

  private set(rows: TypeRows, row: AppDataRow, at: number): void {
    const key = rowKey(row, rows.keyField) as string;
    rows.tombstones.delete(key);
    rows.entries.set(key, { row, changedAt: at });
  }

  private remove(rows: TypeRows, key: string, at: number): void {
    const old = rows.entries.get(key) as RowRecord;
    rows.entries.delete(key);
    rows.tombstones.set(key, { key: old.row[rows.keyField] as string | number, deletedAt: at });
  }
}

export interface Page<T> {
  items: T[];
  hasNext: boolean;
  /** Offset of the next page (when `hasNext`). */
  nextOffset: number;
}

/** One page of `pageSize` items starting at `offset`. */
export function paginate<T>(items: T[], offset: number, pageSize: number): Page<T> {
  const end = offset + pageSize;
  return { items: items.slice(offset, end), hasNext: end < items.length, nextOffset: end };
}
