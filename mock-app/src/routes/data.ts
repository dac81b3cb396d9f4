// POST /api/v1/synchronizer/data: pages of the current rows of a type, full or delta (rows
// changed since `lastSynchronizedAt`, deleted ones as REMOVE), and the data-only failures.
import { Router } from 'express';
import type { AppDataRequest, AppDataResponse, AppDataRow } from '../contract.js';
import type { MockContext } from '../context.js';
import { sendUnchecked } from '../http.js';
import type { ScenarioFailure } from '../scenario-types.js';
import { paginate } from '../state.js';
import { accountAccepted, gate, sendError } from './common.js';

export const DEFAULT_PAGE_SIZE = 50;
export const DEFAULT_HUGE_PAGE_ROWS = 20_000;

/** The offset a request's `pagination` (a `nextPageConfig` this app returned) points at. */
function offsetOf(pagination: AppDataRequest['pagination']): number | undefined {
  if (pagination === undefined || pagination === null) return 0;
  const offset = pagination.offset;
  return typeof offset === 'number' && Number.isInteger(offset) && offset >= 0 ? offset : undefined;
}

/** The page with a value that breaks the type's schema: "abc" in a number field, or the first row without its key. */
function withInvalidRow(context: MockContext, type: string, items: AppDataRow[], failure: ScenarioFailure): AppDataRow[] {
  if (failure.row) return [...items, failure.row];
  const keyField = context.state.keyField(type);
  const numberField = Object.entries(context.scenario.schema[type] ?? {}).find(([, field]) => field.type === 'number')?.[0];
  const first: AppDataRow = items[0] ? { ...items[0] } : { [keyField]: 'invalid-row', name: 'Invalid row' };
  if (numberField !== undefined) first[numberField] = 'abc';
  else delete first[keyField];
  return [first, ...items.slice(1)];
}

function hugePage(context: MockContext, type: string, offset: number, rows: number): AppDataRow[] {
  const keyField = context.state.keyField(type);
  return Array.from({ length: rows }, (_, i) => ({ [keyField]: `huge-${offset + i}`, name: `Generated row ${offset + i}` }));
}

export function dataRoutes(context: MockContext): Router {
  const router = Router();
  router.post('/api/v1/synchronizer/data', async (req, res) => {
    const body = req.body as AppDataRequest;
    const type = body.requestedType;
    if (!context.state.hasType(type)) {
      sendError(res, 400, `Unknown requestedType "${type}" (this app has ${context.scenario.types.map((t) => t.id).join(', ')}).`);
      return;
    }
    const data = context.scenario.data?.[type];
    const pageSize = data?.pageSize ?? DEFAULT_PAGE_SIZE;
    const offset = offsetOf(body.pagination);
    if (offset === undefined) {
      sendError(res, 400, `pagination must be a nextPageConfig this app returned ({offset}), got ${JSON.stringify(body.pagination)}.`);
      return;
    }
    const gated = await gate(context, 'data', res, { type, types: body.types, page: Math.floor(offset / pageSize) });
    if (gated.answered) return;
    if (!accountAccepted(context, body.account, res)) return;

    const since = body.lastSynchronizedAt ?? undefined;
    const delta = since !== undefined && data?.supportsDelta !== false;
    const page = delta ? paginate(context.state.changedSince(type, Date.parse(since)), offset, pageSize) : context.state.rowsPage(type, offset, pageSize);
    const answer: AppDataResponse = {
      items: page.items,
      pagination: page.hasNext ? { hasNext: true, nextPageConfig: { offset: page.nextOffset } } : { hasNext: false },
      synchronizationType: delta ? 'delta' : 'full',
    };
    const failure = gated.failure;
    if (!failure) {
      res.json(answer);
      return;
    }
    if (failure.kind === 'invalidRow') answer.items = withInvalidRow(context, type, answer.items, failure);
    if (failure.kind === 'endlessHasNext') answer.pagination = { hasNext: true, nextPageConfig: body.pagination ?? { offset } };
    if (failure.kind === 'endlessPages') {
      // A new, empty page every time: the app moves on and never ends.
      answer.items = [];
      answer.pagination = { hasNext: true, nextPageConfig: { offset: offset + 1 } };
    }
    if (failure.kind === 'hugePage') {
      answer.items = hugePage(context, type, offset, failure.rows ?? DEFAULT_HUGE_PAGE_ROWS);
      answer.pagination = { hasNext: false };
    }
    sendUnchecked(res, 200, answer);
  });
  return router;
}
