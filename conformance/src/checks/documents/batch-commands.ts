import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { canonicalJson } from '../../model/values.js';
import { getDocument, newSecret, readDocuments, writeDocuments } from './client.js';

export default defineCheck({
  id: 'documents.batch-commands',
  name:
    'create-or-update-documents creates documents with new secrets and updates existing ones in md (default), html and json, answering true; get-documents ' +
    'answers one {secret, content} per secret in request order (also shuffled and repeated), in its format parameter; several writes of one secret in one command apply in order',
  level: 'MUST',
  area: 'documents',
  requirements: ['DOC-010', 'DOC-015', 'DOC-016', 'DOC-017', 'DOC-018', 'DOC-019', 'DOC-021', 'DOC-027', 'DOC-044'],
  target: 'server',
  async run(ctx) {
    const secrets = [newSecret(), newSecret(), newSecret(), newSecret()];
    const texts = ['alpha one', 'beta two', 'gamma three', 'delta four'];
    await writeDocuments(ctx, secrets.slice(0, 2).map((secret, i) => ({ secret, content: texts[i] as string })));
    await writeDocuments(ctx, [{ secret: secrets[2] as string, content: `<p>${texts[2]}</p>` }], 'html');
    const doc = { doc: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: texts[3] as string }] }] } };
    await writeDocuments(ctx, [{ secret: secrets[3] as string, content: doc }], 'json');

    const order = [3, 0, 2, 1, 0, 3];
    const asked = order.map((i) => secrets[i] as string);
    const plain = await readDocuments(ctx, asked, 'plain-text');
    const res = ctx.http.lastExchange?.response;
    order.forEach((i, at) => {
      if (typeof plain[at] !== 'string' || (plain[at] as string).trim() !== texts[i]) fail(`get-documents (plain-text) element ${at} asked for ${asked[at]} (written "${texts[i]}") and got ${JSON.stringify(plain[at])}`, res);
    });
    const json = await readDocuments(ctx, [secrets[3] as string], 'json');
    if (canonicalJson(json[0]) !== canonicalJson(doc)) fail(`get-documents with format=json answered ${JSON.stringify(json[0])}, the json written was ${JSON.stringify(doc)}`, ctx.http.lastExchange?.response);

    // Updates through the same command.
    await writeDocuments(ctx, [{ secret: secrets[0] as string, content: 'alpha updated' }]);
    const updated = await getDocument(ctx, secrets[0] as string, 'plain-text');
    if (updated !== 'alpha updated') fail(`after create-or-update-documents of an existing secret with "alpha updated", GET plain-text answers ${JSON.stringify(updated)}`, ctx.http.lastExchange?.response);

    // Several writes of one secret in one command apply in order: the last one is read.
    const writes = ['first of three', 'second of three', 'third of three'];
    await writeDocuments(ctx, writes.map((content) => ({ secret: secrets[1] as string, content })));
    const last = await getDocument(ctx, secrets[1] as string, 'plain-text');
    if (last !== writes[2]) fail(`after one create-or-update-documents writing ${secrets[1]} three times (${writes.map((w) => JSON.stringify(w)).join(', ')}), GET plain-text answers ${JSON.stringify(last)}, expected the last`, ctx.http.lastExchange?.response);
  },
});
