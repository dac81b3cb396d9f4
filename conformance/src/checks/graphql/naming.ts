import { expectSuccess, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { isRecord } from '../../shapes.js';
import { dropTypes, runBatch, schemaBatch, uniqueSpaceName, type Command } from '../../workspace.js';
import { expectData, postGraphql, rowsOf } from './lib/client.js';
import { spacePrefix } from './lib/dataset.js';

/** A Database of the naming Space: its name after `<Space>/`, the type name the rule gives after the Space's prefix, the query name, and its text fields. */
interface NamedDatabase {
  local: string;
  /** The type name without the Space's PascalCase prefix (`SalesLead` for `<Space>SalesLead`). */
  type: string;
  query: string;
  /** Field name after `<Space>/`, workspace type, GraphQL field name, value written. */
  fields: Array<[string, string, string, unknown]>;
}

/**
 * Databases and fields whose names exercise every rule of spec/graphql/README.md, "Names":
 * the Space as a PascalCase prefix, singular and plural of the last word (irregular plurals too),
 * PascalCase and camelCase over dropped characters, a leading digit (kept after the prefix), digits
 * elsewhere, a first word in mixed case, a first word in capitals, names of common.graphql (free
 * behind the prefix), collisions with an earlier Database's derived names (`Filter`,
 * `CollectionFilter`, `Order`, `Input`), with system fields and query arguments, and a name
 * without ASCII letters. Databases are named in order of their full names.
 */
const DATABASES: NamedDatabase[] = [
  { local: '2nd things', type: '2ndThing', query: 'find_2ndThings', fields: [] },
  // Names of common.graphql are free behind the Space's prefix.
  { local: 'Files', type: 'File', query: 'findFiles', fields: [] },
  { local: 'Orders', type: 'Order', query: 'findOrders', fields: [] },
  { local: 'Person', type: 'Person', query: 'findPeople', fields: [['Full name', 'svc/text', 'fullName', 'Ada']] },
  // Digits inside a name (no guard), and a first word in mixed case (only its first letter lower-cased).
  { local: 'Q3 reports', type: 'Q3Report', query: 'findQ3Reports', fields: [['Top 10', 'svc/text', 'top10', 'ten'], ['PhD title', 'svc/text', 'phDTitle', 'dr']] },
  { local: 'Queries', type: 'Query', query: 'findQueries', fields: [] },
  { local: 'Rich fields', type: 'RichField', query: 'findRichFields', fields: [] },
  { local: 'Sales lead', type: 'SalesLead', query: 'findSalesLeads', fields: [] },
  // Each of these type names is a derived name of the Database before (…Filter, …CollectionFilter, …Input, …Order): _2.
  { local: 'Sales lead collection filters', type: 'SalesLeadCollectionFilter_2', query: 'findSalesLeadCollectionFilters', fields: [] },
  { local: 'Sales lead filters', type: 'SalesLeadFilter_2', query: 'findSalesLeadFilters', fields: [] },
  { local: 'Sales lead inputs', type: 'SalesLeadInput_2', query: 'findSalesLeadInputs', fields: [] },
  { local: 'Sales lead orders', type: 'SalesLeadOrder_2', query: 'findSalesLeadOrders', fields: [] },
  {
    local: 'Sales leads',
    type: 'SalesLead_2',
    query: 'findSalesLeads_2',
    fields: [
      ['ID', 'svc/text', 'id_2', 'own id'],
      ['Due date', 'svc/date', 'dueDate', '2024-02-29'],
      ['Due-date', 'svc/text', 'dueDate_2', 'second'],
      ['Due_date', 'svc/text', 'dueDate_3', 'third'],
      ['URL link', 'svc/url', 'urlLink', 'https://example.org/'],
      ['2nd owner', 'svc/text', '_2ndOwner', 'Bo'],
      ['limit', 'svc/integer', 'limit_2', 7],
      ['Offset', 'svc/integer', 'offset_2', 8],
      ['Order by', 'svc/text', 'orderBy_2', 'by'],
      ['Public id', 'svc/text', 'publicId_2', 'P-1'],
      ['Rank', 'svc/integer', 'rank_2', 3],
      ['Creation date', 'svc/text', 'creationDate_2', 'made'],
      ['Modification date', 'svc/text', 'modificationDate_2', 'changed'],
      ['Created by', 'svc/text', 'createdBy_2', 'me'],
      ['☃', 'svc/text', 'field', 'snow'],
    ],
  },
  { local: 'Users', type: 'User', query: 'findUsers', fields: [['Email', 'svc/email', 'email', 'a@example.org']] },
  // No ASCII letter or digit at all.
  { local: '☃', type: 'Database', query: 'findDatabase', fields: [] },
];

export default defineCheck({
  id: 'graphql.naming',
  name:
    'Type, query and field names follow the generation rule: plural query names and <Space><Singular> type names (irregular plurals too), PascalCase and camelCase, ' +
    'a leading digit (digits elsewhere kept as written), a first word in mixed case, collisions settled with _2 (with earlier Databases\' derived names, system fields and query arguments), and each field reads the workspace field it is named after',
  level: 'MUST',
  area: 'graphql',
  requirements: ['GQL-003', 'GQL-002', 'GQL-044'],
  target: 'server',
  async run(ctx) {
    const space = uniqueSpaceName(ctx);
    const types = DATABASES.map((d) => `${space}/${d.local}`);
    // Created out of their name order (every other one from the end, then the rest from the start; neither the
    // name order nor its reverse): the rule takes them in name order whatever the order they were made in.
    const creationOrder = [...DATABASES.filter((_, i) => i % 2 === 1).reverse(), ...DATABASES.filter((_, i) => i % 2 === 0)];
    const created = await schemaBatch(
      ctx,
      creationOrder.map((d) => ({
        command: 'schema.type/create',
        args: {
          'svc/name': `${space}/${d.local}`,
          'svc/meta': { 'svc/domain?': true },
          'svc/fields': [{ 'svc/name': `${space}/${d.local} name`, 'svc/type': 'svc/text', 'svc/meta': { 'ui/title?': true } }, ...d.fields.map(([name, type]) => ({ 'svc/name': `${space}/${name}`, 'svc/type': type }))],
        },
      })),
    );
    try {
      expectSuccess(created, `creating the Databases ${types.join(', ')}`);
      const entities = await runBatch(
        ctx,
        DATABASES.map((d): Command => ({ command: 'svc.entity/create', args: { type: `${space}/${d.local}`, entity: Object.fromEntries(d.fields.map(([name, , , v]) => [`${space}/${name}`, v])) } })),
        'creating one Entity in each Database',
      );
      const ids = entities.map((e) => (isRecord(e) ? e['svc/id'] : undefined));
      const query = `{ ${DATABASES.map((d) => `${d.query} { __typename id ${d.fields.map(([, , graphql]) => graphql).join(' ')} }`).join('\n')} }`;
      const res = await postGraphql(ctx, space, { query });
      const data = expectData(res, 'one query per Database, by the names the generation rule gives');
      for (const [i, d] of DATABASES.entries()) {
        const [row, ...more] = rowsOf(res, data, d.query, d.query);
        if (!row || more.length > 0) fail(`${d.query} (the Database ${space}/${d.local}) should answer its one Entity, got ${1 + more.length - (row ? 0 : 1)}`, res);
        const expected = `${spacePrefix(space)}${d.type}`;
        if (row['__typename'] !== expected) fail(`the type of the Database ${space}/${d.local} should be named ${expected}, it is ${JSON.stringify(row['__typename'])}`, res);
        if (row['id'] !== ids[i]) fail(`${d.query} answered the id ${JSON.stringify(row['id'])}, expected ${String(ids[i])}`, res);
        for (const [name, , graphql, value] of d.fields) {
          if (row[graphql] !== value) fail(`${d.type}.${graphql} should read the field ${space}/${name} (${JSON.stringify(value)}), it answered ${JSON.stringify(row[graphql])}`, res);
        }
      }
    } finally {
      await dropTypes(ctx, types);
    }
  },
});
