/**
 * Reading the data of one type as the service does: POST data page after page, passing each
 * `nextPageConfig` back as `pagination`, until `hasNext` is false. Every page must be a
 * DataResponse; the read fails on a page past the bound, a `nextPageConfig` seen before (an app
 * that never moves on), `hasNext` without a `nextPageConfig`, or more rows on a page than the
 * reference server takes (spec/integrations.md, "Bounds").
 */
import { randomUUID } from 'node:crypto';
import { describeRequest, expectJson, fail } from '../../assert.js';
import { CheckSkipped, isCheckFailure, type CheckContext, type CheckFailure } from '../../check.js';
import type { HttpResponse } from '../../http.js';
import { excerpt } from '../../shapes.js';
import { canonicalJson } from './canonical.js';
import { appPost } from './client.js';
import { expectContract, type AppSchemas } from './contract.js';
import { PATHS, type AppSchema, type Session } from './session.js';

export type DataRequest = AppSchemas['DataRequest'];
export type DataResponse = AppSchemas['DataResponse'];
export type DataRow = AppSchemas['DataRow'];

/** Pages read per type before the app is taken to page forever (the reference server's bound). */
export const DEFAULT_MAX_PAGES = 10_000;
/** Rows the reference server takes on one page. */
export const MAX_ROWS_PER_PAGE = 10_000;

export interface SyncTarget {
  session: Session;
  /** The filter values of every request (`--filter`). */
  filter: Record<string, unknown>;
  /** Every selected type id (the `types` of each request). */
  types: string[];
  schema: AppSchema;
}

export interface DataPage {
  res: HttpResponse;
  body: DataResponse;
}

export interface TypeRead {
  type: string;
  pages: DataPage[];
  /** Every row of every page, with the page that delivered it. */
  rows: Array<{ row: DataRow; page: DataPage }>;
  /** `synchronizationType` of each page (`full` when absent). */
  synchronizationTypes: Array<'full' | 'delta'>;
}

export interface ReadOptions {
  lastSynchronizedAt?: string;
  /** Overrides the bound of the run (`ctx.app.maxPages`). */
  maxPages?: number;
}

export function dataRequest(target: SyncTarget, type: string, options: { lastSynchronizedAt?: string; pagination?: Record<string, unknown> } = {}): DataRequest {
  return {
    requestedType: type,
    types: target.types,
    account: target.session.account,
    filter: target.filter,
    schema: target.schema,
    ...(options.lastSynchronizedAt === undefined ? {} : { lastSynchronizedAt: options.lastSynchronizedAt }),
    ...(options.pagination === undefined ? {} : { pagination: options.pagination }),
    operationId: randomUUID(),
  };
}

/** One data page: status 200 and a DataResponse body (an error answer's message is shown). */
export async function readPage(ctx: CheckContext, request: DataRequest, what: string): Promise<DataPage> {
  const res = await appPost(ctx, PATHS.data, request);
  if (res.status !== 200) fail(`${what}: expected status 200 from ${describeRequest(res)}, got ${res.status}`, res);
  const body = expectJson(res, what);
  return { res, body: expectContract(res, 'DataResponse', body, what) };
}

/** Reads every page of `type`; fails as described in the header. */
export async function readType(ctx: CheckContext, target: SyncTarget, type: string, options: ReadOptions = {}): Promise<TypeRead> {
  const maxPages = options.maxPages ?? ctx.app?.maxPages ?? DEFAULT_MAX_PAGES;
  const read: TypeRead = { type, pages: [], rows: [], synchronizationTypes: [] };
  const seen = new Map<string, number>();
  let pagination: Record<string, unknown> | undefined;
  for (;;) {
    const n = read.pages.length + 1;
    const what = `reading page ${n} of type ${JSON.stringify(type)}${options.lastSynchronizedAt === undefined ? '' : ` (lastSynchronizedAt ${options.lastSynchronizedAt})`}`;
    const page = await readPage(ctx, dataRequest(target, type, { ...options, ...(pagination === undefined ? {} : { pagination }) }), what);
    read.pages.push(page);
    read.synchronizationTypes.push(page.body.synchronizationType ?? 'full');
    for (const row of page.body.items) read.rows.push({ row, page });
    if (page.body.items.length > MAX_ROWS_PER_PAGE) {
      fail(`${what}: the page holds ${page.body.items.length} rows, more than the ${MAX_ROWS_PER_PAGE} the service takes on one page`, page.res);
    }
    const next = page.body.pagination;
    if (next === undefined || next.hasNext !== true) return read;
    if (next.nextPageConfig === undefined) {
      fail(`${what}: pagination.hasNext is true but there is no nextPageConfig to ask for the next page with`, page.res);
    }
    const key = canonicalJson(next.nextPageConfig);
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      fail(
        `${what}: nextPageConfig ${excerpt(key, 200)} was already answered by page ${earlier}: the app never reaches a page with hasNext false`,
        page.res,
      );
    }
    if (n >= maxPages) {
      fail(`${what}: still hasNext true after ${n} pages (the bound is ${maxPages} pages per type): pagination does not end`, page.res);
    }
    seen.set(key, n);
    pagination = next.nextPageConfig;
  }
}

/** A type whose read failed, with the failure (its message and curl line). */
export interface FailedRead {
  type: string;
  failure: CheckFailure;
}

/** Reads every selected type in turn; a type whose read fails does not stop the others. */
export async function readEachType(ctx: CheckContext, target: SyncTarget, options: ReadOptions = {}): Promise<{ reads: TypeRead[]; failed: FailedRead[] }> {
  const reads: TypeRead[] = [];
  const failed: FailedRead[] = [];
  for (const type of target.types) {
    try {
      reads.push(await readType(ctx, target, type, options));
    } catch (error) {
      if (!isCheckFailure(error)) throw error;
      failed.push({ type, failure: error });
    }
  }
  return { reads, failed };
}

/** The first line of a failure, for a note. */
function firstLine(failure: CheckFailure): string {
  return failure.message.split('\n')[0] ?? '';
}

/**
 * The reads a check that builds on the data reads works with (rows, echo, resources, deltas): a
 * type whose full read fails is left out with a note, since that failure is app.data-pagination's
 * (one failure, not one per check); when no type can be read the check is skipped, naming why. A
 * read with `lastSynchronizedAt` that fails is this check's failure, unless the type's full read
 * fails as well.
 */
export async function readableTypes(ctx: CheckContext, target: SyncTarget, options: ReadOptions = {}): Promise<TypeRead[]> {
  const { reads, failed } = await readEachType(ctx, target, options);
  for (const { type, failure } of failed) {
    if (options.lastSynchronizedAt !== undefined) {
      const { lastSynchronizedAt: _since, ...full } = options;
      try {
        await readType(ctx, target, type, full);
      } catch (error) {
        if (!isCheckFailure(error)) throw error;
        ctx.log(`type ${JSON.stringify(type)} not checked: its data cannot be read at all (app.data-pagination reports it): ${firstLine(error)}`);
        continue;
      }
      throw failure;
    }
    ctx.log(`type ${JSON.stringify(type)} not checked: its data cannot be read (app.data-pagination reports it): ${firstLine(failure)}`);
  }
  if (reads.length === 0) {
    throw new CheckSkipped(`no type's data can be read, so there is nothing to check (app.data-pagination reports it): ${failed.map(({ type, failure }) => `${type}: ${firstLine(failure)}`).join('; ')}`);
  }
  return reads;
}
