// The synchronizer endpoints besides data: config, schema, datalist, filter/validate and
// resource (a file streamed from the scenario's `files`).
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isDeepStrictEqual } from 'node:util';
import { Router } from 'express';
import type { AppSchemas } from '../contract.js';
import type { MockContext } from '../context.js';
import type { Scenario } from '../scenario-types.js';
import { accountAccepted, gate, sendError } from './common.js';

/** Chunk size of a streamed file. */
const CHUNK_BYTES = 64 * 1024;

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

/** The message refusing a filter, or undefined when it is valid. */
export function filterProblem(scenario: Scenario, filter: Record<string, unknown>): string | undefined {
  for (const definition of scenario.filters ?? []) {
    if (definition.optional !== true && isEmpty(filter[definition.id])) return `${definition.title} is required.`;
  }
  for (const rule of scenario.filterRules ?? []) {
    const value = filter[rule.filter];
    if (isEmpty(value)) continue;
    const values = Array.isArray(value) ? value : [value];
    for (const one of values) {
      if ((rule.refuse ?? []).some((refused) => isDeepStrictEqual(refused, one))) return rule.message;
      if (rule.pattern !== undefined && (typeof one !== 'string' || !new RegExp(rule.pattern).test(one))) return rule.message;
    }
  }
  return undefined;
}

function* chunks(bytes: Buffer): Generator<Buffer> {
  for (let at = 0; at < bytes.length; at += CHUNK_BYTES) yield bytes.subarray(at, at + CHUNK_BYTES);
}

export function synchronizerRoutes(context: MockContext): Router {
  const router = Router();
  const { scenario } = context;

  router.post('/api/v1/synchronizer/config', async (_req, res) => {
    if ((await gate(context, 'config', res)).answered) return;
    const answer: AppSchemas['ConfigResponse'] = { types: scenario.types, filters: scenario.filters ?? [] };
    if (scenario.webhooks?.enabled) answer.webhooks = { enabled: true, type: 'ui' };
    res.json(answer);
  });

  router.post('/api/v1/synchronizer/schema', async (req, res) => {
    const body = req.body as AppSchemas['SchemaRequest'];
    if ((await gate(context, 'schema', res, { types: body.types })).answered) return;
    if (!accountAccepted(context, body.account, res)) return;
    const unknown = body.types.find((type) => !scenario.schema[type]);
    if (unknown !== undefined) {
      sendError(res, 400, `Unknown type "${unknown}" (this app has ${scenario.types.map((t) => t.id).join(', ')}).`);
      return;
    }
    res.json(Object.fromEntries(body.types.map((type) => [type, scenario.schema[type]])));
  });

  router.post('/api/v1/synchronizer/datalist', async (req, res) => {
    const body = req.body as AppSchemas['DatalistRequest'];
    if ((await gate(context, 'datalist', res, { types: body.types })).answered) return;
    if (!accountAccepted(context, body.account, res)) return;
    const list = scenario.datalists?.[body.field];
    if (!list) {
      sendError(res, 400, `"${body.field}" is not a data-list filter of this app (it has ${Object.keys(scenario.datalists ?? {}).join(', ') || 'none'}).`);
      return;
    }
    const dependsOn = body.dependsOn ?? {};
    const matching = (list.byDependsOn ?? []).find((entry) => Object.entries(entry.when).every(([key, value]) => isDeepStrictEqual(dependsOn[key], value)));
    res.json({ items: matching?.items ?? list.items ?? [] });
  });

  router.post('/api/v1/synchronizer/filter/validate', async (req, res) => {
    const body = req.body as AppSchemas['FilterValidateRequest'];
    if ((await gate(context, 'filter-validate', res, { types: body.types })).answered) return;
    if (!accountAccepted(context, body.account, res)) return;
    const problem = filterProblem(scenario, body.filter);
    if (problem !== undefined) sendError(res, 400, problem);
    else res.status(204).end();
  });

  router.post('/api/v1/synchronizer/resource', async (req, res) => {
    const body = req.body as AppSchemas['ResourceRequest'];
    if ((await gate(context, 'resource', res, { types: body.types })).answered) return;
    if (!accountAccepted(context, body.account, res)) return;
    const file = context.files.find(body.params);
    if (!file) {
      sendError(res, 404, `No file of this app is named by params ${JSON.stringify(body.params)}.`);
      return;
    }
    res.status(200);
    res.setHeader('content-type', file.contentType);
    res.setHeader('content-length', String(file.bytes.length));
    await pipeline(Readable.from(chunks(file.bytes)), res);
  });

  return router;
}
