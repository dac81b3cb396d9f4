import { expectJson, expectStatus, fail } from '../../assert.js';
import { CheckUnsupported, defineCheck } from '../../check.js';
import type { TestNames } from '../../model/schema.js';
import { commandError, isRecord } from '../../shapes.js';
import { withTestWorkspace } from '../../workspace.js';

/** One malformed command: what it gets wrong, and the part of it the error must name. */
interface Malformed {
  what: string;
  command: (n: TestNames) => unknown;
  /** The error name expected; `data.field` (or `data.command`) must mention `names`. */
  error: 'request.error/invalid-body' | 'command.error/unknown-command';
  names: string;
}

const MALFORMED: Malformed[] = [
  { what: 'an unknown query key near q/limit', command: (n) => ({ command: 'svc.entity/query', args: { query: { 'q/from': n.items, 'q/select': ['svc/id'], 'q/limt': 5 } } }), error: 'request.error/invalid-body', names: 'q/limt' },
  { what: 'an unknown argument near entity', command: (n) => ({ command: 'svc.entity/create', args: { type: n.items, entty: { [n.title]: 'x' } } }), error: 'request.error/invalid-body', names: 'entty' },
  { what: 'a q/limit of the wrong type', command: (n) => ({ command: 'svc.entity/query', args: { query: { 'q/from': n.items, 'q/select': ['svc/id'], 'q/limit': 'five' } } }), error: 'request.error/invalid-body', names: 'q/limit' },
  { what: 'no args', command: () => ({ command: 'svc.entity/create' }), error: 'request.error/invalid-body', names: 'args' },
  { what: 'an unknown command near svc.entity/query', command: () => ({ command: 'svc.entity/qery', args: {} }), error: 'command.error/unknown-command', names: 'svc.entity/qery' },
];

export default defineCheck({
  id: 'command.array-partial-failure',
  name:
    'In an array of commands, a malformed one (unknown key, wrong type, missing args, unknown command) fails alone with request.error/invalid-body naming the part ' +
    '(command.error/unknown-command naming the command), the others run as they would alone, and the request answers 200',
  level: 'MUST',
  unsupported: 'SHOULD',
  area: 'command-api',
  requirements: ['CMD-ERR-011'],
  target: 'server',
  async run(ctx) {
    await withTestWorkspace(ctx, async ({ names: n }) => {
      for (const [index, malformed] of MALFORMED.entries()) {
        const title = `made beside ${malformed.what} ${index}`;
        const good = [
          { command: 'svc.entity/create', args: { type: n.items, entity: { [n.title]: title } } },
          { command: 'svc.entity/query', args: { query: { 'q/from': n.items, 'q/select': [n.title], 'q/where': ['=', [n.title], '$t'], 'q/limit': 5 }, params: { $t: title } } },
        ];
        const body = [good[0], malformed.command(n), good[1]];
        const what = `an array of a create, ${malformed.what}, and a query`;
        const res = await ctx.http.post('/api/commands', body);
        if (res.status === 400) throw new CheckUnsupported(['a malformed command failing alone in an array'], `the target refused ${what} whole with 400`);
        expectStatus(res, 200, what);
        const answer = expectJson(res, what);
        if (!Array.isArray(answer) || answer.length !== 3) fail(`${what}: expected an array of 3 results, got ${JSON.stringify(answer).slice(0, 300)}`, res);
        const [created, bad, queried] = answer as unknown[];
        if (!isRecord(created) || created['success'] !== true) fail(`${what}: the create beside the malformed command did not succeed: ${JSON.stringify(created).slice(0, 300)}`, res);
        if (!isRecord(queried) || queried['success'] !== true || !Array.isArray(queried['result']) || queried['result'].length !== 1) {
          fail(`${what}: the query after the malformed command should find the one Item the create made, got ${JSON.stringify(queried).slice(0, 300)}`, res);
        }
        const error = commandError(bad);
        if (!error) fail(`${what}: the malformed command's element is not {success: false, result: {name, message, data}}: ${JSON.stringify(bad).slice(0, 300)}`, res);
        if (error.name !== malformed.error) fail(`${what}: expected ${malformed.error}, got ${error.name}: ${error.message}`, res);
        const named = malformed.error === 'command.error/unknown-command' ? error.data['command'] : error.data['field'];
        if (typeof named !== 'string' || !named.includes(malformed.names)) fail(`${what}: the error should name ${malformed.names} (data.${malformed.error === 'command.error/unknown-command' ? 'command' : 'field'}), got ${JSON.stringify(error.data)}`, res);
      }
    });
  },
});
