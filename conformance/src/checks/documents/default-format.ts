import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { isRecord } from '../../shapes.js';
import { getDocument, newSecret, putDocument, readDocuments, writeDocuments } from './client.js';

function firstBlockType(content: unknown): unknown {
  const doc = isRecord(content) ? content['doc'] : undefined;
  const first: unknown = isRecord(doc) && Array.isArray(doc['content']) ? doc['content'][0] : undefined;
  return isRecord(first) ? first['type'] : undefined;
}

export default defineCheck({
  id: 'documents.default-format',
  name:
    'Without a format parameter, PUT and create-or-update-documents read the content as md, and GET reads the document as md (the same as format=md)',
  level: 'MUST',
  area: 'documents',
  requirements: ['DOC-006', 'DOC-012', 'DOC-016'],
  target: 'server',
  async run(ctx) {
    const one = newSecret();
    await putDocument(ctx, one, '## Default\n\n- item\n');
    const json = await getDocument(ctx, one, 'json');
    if (firstBlockType(json) !== 'heading') fail(`PUT without format of "## Default" reads back as json starting with ${JSON.stringify(firstBlockType(json))}, expected a heading (md is the default)`, ctx.http.lastExchange?.response);
    const plain = await getDocument(ctx, one);
    const explicit = await getDocument(ctx, one, 'md');
    if (plain !== explicit) fail(`GET without format answered ${JSON.stringify(plain)}, GET with format=md answered ${JSON.stringify(explicit)}; md is the default`, ctx.http.lastExchange?.response);
    if (typeof plain !== 'string' || !plain.includes('## Default')) fail(`GET without format answered ${JSON.stringify(plain)}, expected the markdown "## Default"`, ctx.http.lastExchange?.response);

    const two = newSecret();
    await writeDocuments(ctx, [{ secret: two, content: '> quoted\n' }]);
    const quoted = await getDocument(ctx, two, 'json');
    if (firstBlockType(quoted) !== 'blockquote') fail(`create-or-update-documents without format of "> quoted" reads back as json starting with ${JSON.stringify(firstBlockType(quoted))}, expected a blockquote`, ctx.http.lastExchange?.response);
    const [batch] = await readDocuments(ctx, [two]);
    const md = await getDocument(ctx, two, 'md');
    if (batch !== md) fail(`get-documents without format answered ${JSON.stringify(batch)}, GET with format=md answered ${JSON.stringify(md)}`, ctx.http.lastExchange?.response);
  },
});
