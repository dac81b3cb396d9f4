/**
 * Fault: the SDL of a Space gives a multi select field the type `[String!]!` instead of the
 * README's nullable `[String!]` (the served schema text is changed on its way out).
 */
import { defineFault } from '../fault.js';
import { pathOf } from './support.js';

/** A field of type `[String!]` (a multi select: no other generated field has that type). */
const MULTI_SELECT = /^(\s+\w+: \[String!\])$/gm;

export default defineFault({
  id: 'server.graphql-multi-select-non-null',
  target: 'server',
  area: 'graphql',
  breaks: 'GQL-003',
  description: 'serves multi select fields as [String!]! in the Space SDL (the README gives [String!])',
  select: ['graphql.field-kinds'],
  inbound: {
    response(res, req) {
      if (req.method !== 'GET' || !pathOf(req).endsWith('/schema.graphql')) return;
      const text = res.body.toString('utf8');
      const changed = text.replace(MULTI_SELECT, '$1!');
      if (changed !== text) return { ...res, body: Buffer.from(changed, 'utf8'), headers: { ...res.headers, 'content-length': String(Buffer.byteLength(changed)) } };
    },
  },
});
