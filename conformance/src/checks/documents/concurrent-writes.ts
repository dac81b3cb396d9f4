import fc from 'fast-check';
import { describeRequest, fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { canonicalJson } from '../../model/values.js';
import { checkProperty } from '../../property.js';
import { documentArbitrary } from './arbitrary.js';
import { documentCommandRaw, getDocument, newSecret, putDocument, putDocumentRaw } from './client.js';

export default defineCheck({
  id: 'documents.concurrent-writes',
  name:
    'Two to six writers write different canonical documents to one document at the same time (PUT, or create-or-update-documents of a new secret): every ' +
    'write answers 200, and the document then reads (json) exactly as one of the documents written, never a mixture',
  level: 'SHOULD',
  area: 'documents',
  requirements: ['DOC-032'],
  target: 'server',
  async run(ctx) {
    const input = fc.record({
      fresh: fc.boolean(),
      docs: fc.uniqueArray(documentArbitrary, { minLength: 2, maxLength: 6, selector: (d) => canonicalJson(d) }),
    });
    const existing = newSecret();
    await putDocument(ctx, existing, 'start');
    await checkProperty(
      ctx,
      input,
      async ({ fresh, docs }) => {
        const secret = fresh ? newSecret() : existing;
        const responses = await Promise.all(
          docs.map((doc) =>
            fresh ? documentCommandRaw(ctx, { command: 'create-or-update-documents', args: [{ secret, content: doc }] }, 'json') : putDocumentRaw(ctx, secret, doc, 'json'),
          ),
        );
        for (const res of responses) {
          if (res.status !== 200 || res.json !== true) fail(`one of ${docs.length} concurrent writes to ${secret} (${describeRequest(res)}) answered ${res.status} ${res.text.slice(0, 200)}, expected 200 true`, res);
        }
        const final = await getDocument(ctx, secret, 'json');
        const written = new Set(docs.map((d) => canonicalJson(d)));
        if (!written.has(canonicalJson(final))) fail(`after ${docs.length} concurrent writes to ${secret} the document reads ${JSON.stringify(final)}, which is none of the documents written`, ctx.http.lastExchange?.response);
      },
      { numRuns: Math.max(10, Math.min(ctx.fastCheck.numRuns, 30)) },
    );
  },
});
