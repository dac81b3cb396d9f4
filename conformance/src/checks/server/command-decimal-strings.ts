import { expectCommandError, expectSuccess, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { commandError, isRecord, type JsonRecord } from '../../shapes.js';
import { SupportLedger } from '../../support.js';
import { run, withTestWorkspace, type Command } from '../../workspace.js';

/** Strings that spell no plain finite decimal: refused wherever decimal strings are taken. */
const NOT_DECIMALS = ['', ' 1', 'abc', 'NaN', '0x10', '1e999'];

export default defineCheck({
  id: 'command.decimal-strings',
  name:
    'A svc/decimal value written as a decimal string ("2.01", "12", "-10.5") is stored and read back as that number, and a decimal string $param compares with a decimal field as its number; ' +
    'strings that are no plain finite decimal ("", " 1", "abc", "NaN", "0x10", "1e999") are refused naming the field',
  level: 'MUST',
  unsupported: 'SHOULD',
  area: 'command-api',
  requirements: ['CMD-018', 'QUERY-039'],
  target: 'server',
  async run(ctx) {
    const ledger = new SupportLedger();
    await withTestWorkspace(ctx, async ({ names: n }) => {
      const amounts = async (): Promise<JsonRecord> => {
        const rows = await run(ctx, { command: 'svc.entity/query', args: { query: { 'q/from': n.items, 'q/select': [n.title, n.amount], 'q/limit': 100 } } }, 'querying the Items');
        return Object.fromEntries((Array.isArray(rows) ? rows : []).filter(isRecord).map((r) => [String(r[n.title]), r[n.amount]]));
      };
      /** The named refusal of a server without decimal strings: `name` naming the amount field. */
      const refusedAs = (res: Parameters<typeof commandError>[0], name: string) => {
        const error = commandError(res);
        return error?.name === name && error.data['field'] === n.amount;
      };
      await run(ctx, { command: 'svc.entity/create', args: { type: n.items, entity: { [n.title]: 'short', [n.amount]: 1.5 } } }, 'creating an Item with a decimal number');

      // Writes.
      const create = await ctx.http.command({ command: 'svc.entity/create', args: { type: n.items, entity: { [n.title]: 'tall', [n.amount]: '2.01' } } } as Command);
      if (refusedAs(create.json, 'entity.error/value-invalid')) ledger.lacks('svc/decimal values written as decimal strings', 'svc.entity/create refused "2.01" with entity.error/value-invalid', create);
      else {
        const created = expectSuccess(create, 'svc.entity/create with a decimal string "2.01"');
        if (!isRecord(created) || created[n.amount] !== 2.01) fail(`svc.entity/create with ${n.amount} "2.01" answered ${JSON.stringify(isRecord(created) ? created[n.amount] : created)}, expected the number 2.01`, create);
        // The edges of the form: an integer without a point, several digits before the point.
        for (const [text, value] of [['12', 12], ['-10.5', -10.5]] as const) {
          const res = await ctx.http.command({ command: 'svc.entity/update', args: { type: n.items, entity: { 'svc/id': String(created['svc/id']), [n.amount]: text } } } as Command);
          expectSuccess(res, `svc.entity/update with a decimal string ${JSON.stringify(text)}`);
          const read = (await amounts())['tall'];
          if (read !== value) fail(`after writing ${n.amount} ${JSON.stringify(text)}, a query reads ${JSON.stringify(read)}, expected the number ${value}`, ctx.http.lastExchange?.response);
        }
        const updated = await run(ctx, { command: 'svc.entity/update', args: { type: n.items, entity: { 'svc/id': String(created['svc/id']), [n.amount]: '-0.25' } } } as Command, 'svc.entity/update with a decimal string "-0.25"');
        if (isRecord(updated) && updated[n.amount] !== undefined && updated[n.amount] !== -0.25) fail(`svc.entity/update with ${n.amount} "-0.25" answered ${JSON.stringify(updated[n.amount])}, expected -0.25`, ctx.http.lastExchange?.response);
        const stored = await amounts();
        if (stored['tall'] !== -0.25) fail(`after writing ${n.amount} "2.01" then "-0.25", a query reads ${JSON.stringify(stored['tall'])}, expected the number -0.25`, ctx.http.lastExchange?.response);
        for (const bad of NOT_DECIMALS) {
          const res = await ctx.http.command({ command: 'svc.entity/create', args: { type: n.items, entity: { [n.title]: `bad ${bad}`, [n.amount]: bad } } } as Command);
          const error = expectCommandError(res, `svc.entity/create with ${n.amount} ${JSON.stringify(bad)}`);
          if (error.name !== 'entity.error/value-invalid' || error.data['field'] !== n.amount) fail(`svc.entity/create with ${n.amount} ${JSON.stringify(bad)} should fail with entity.error/value-invalid naming ${n.amount}, got ${error.name} ${JSON.stringify(error.data)}`, res);
        }
        if (Object.keys(await amounts()).some((title) => title.startsWith('bad'))) fail('refused creates with invalid decimal strings created Items', ctx.http.lastExchange?.response);
      }

      // Query parameters: the Items hold 1.5 (short) and, when writes took strings, -0.25 (tall).
      const query = (value: string): Command => ({
        command: 'svc.entity/query',
        args: { query: { 'q/from': n.items, 'q/select': [n.title], 'q/where': ['>', [n.amount], '$height'], 'q/limit': 10 }, params: { $height: value } },
      });
      const over = await ctx.http.command(query('1.25'));
      if (refusedAs(over.json, 'entity.error/query-value-invalid')) ledger.lacks('decimal strings as query parameters', 'a $param "1.25" compared with a svc/decimal field was refused with entity.error/query-value-invalid', over);
      else {
        const rows = expectSuccess(over, `a query of ${n.amount} > "1.25"`);
        const titles = Array.isArray(rows) ? rows.map((r: unknown) => (isRecord(r) ? r[n.title] : r)) : rows;
        if (JSON.stringify(titles) !== JSON.stringify(['short'])) fail(`a query of ${n.amount} > "1.25" found ${JSON.stringify(titles)}, expected only the Item holding 1.5`, over);
        const under = expectSuccess(await ctx.http.command(query('1.75')), `a query of ${n.amount} > "1.75"`);
        if (!Array.isArray(under) || under.length !== 0) fail(`a query of ${n.amount} > "1.75" found ${JSON.stringify(under)}, expected nothing (1.5 is less)`, ctx.http.lastExchange?.response);
        // Not "": an error's data.value of "" reads as no value (the ErrorName table asks for one).
        for (const bad of NOT_DECIMALS.filter((s) => s !== '')) {
          const res = await ctx.http.command(query(bad));
          const error = expectCommandError(res, `a query of ${n.amount} > ${JSON.stringify(bad)}`);
          if (error.name !== 'entity.error/query-value-invalid' || error.data['field'] !== n.amount) fail(`a query of ${n.amount} > ${JSON.stringify(bad)} should fail with entity.error/query-value-invalid naming ${n.amount}, got ${error.name} ${JSON.stringify(error.data)}`, res);
        }
      }
    });
    ledger.finish();
  },
});
