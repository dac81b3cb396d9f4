// The access levels come from the spec (x-svc-access): every operation and every command has one,
// a batch needs the highest of its commands, and the order reader < editor < architect holds.
import { describe, expect, it } from 'vitest';
import { allows, commandAccess, forbidden, operationAccess } from '../src/auth/access-levels.js';
import { COMMAND_ACCESS, COMMAND_NAMES, OPERATION_ACCESS } from '../src/api/spec-document.js';

describe('access levels (spec "Access levels")', () => {
  it('marks every operation and every command of the spec', () => {
    for (const [operation, level] of OPERATION_ACCESS) expect([operation, level]).toEqual([operation, expect.stringMatching(/^(reader|editor|architect|by-command|none)$/)]);
    for (const name of [...COMMAND_NAMES.command, ...COMMAND_NAMES.documentCommand]) expect([name, COMMAND_ACCESS.get(name)]).toEqual([name, expect.stringMatching(/^(reader|editor|architect|by-command)$/)]);
  });

  it('gives reads to every level, writes to editors, the schema, webhooks and integrations to architects', () => {
    expect(operationAccess('post', '/api/graphql/space/{space}')).toBe('reader');
    expect(operationAccess('PUT', '/api/documents/{secret}')).toBe('editor');
    expect(operationAccess('DELETE', '/api/webhooks/v2/{webhookId}')).toBe('architect');
    expect(operationAccess('GET', '/api/integrations/sources')).toBe('architect');
    expect(operationAccess('GET', '/files/{ref}')).toBe('none');
    expect(operationAccess('GET', '/nowhere')).toBe('architect');
    expect(commandAccess({ command: 'svc.entity/query' })).toBe('reader');
    expect(commandAccess({ command: 'svc.entity/remove-collection-items' })).toBe('editor');
    expect(commandAccess({ command: 'svc.schema/batch' })).toBe('architect');
    expect(commandAccess({ command: 'create-or-update-documents' })).toBe('editor');
    expect(commandAccess({ command: 'svc.nope/unknown' })).toBe('reader');
  });

  it('judges a batch by the highest level of its commands, batches inside batches too', () => {
    const query = { command: 'svc.entity/query' };
    expect(commandAccess({ command: 'svc.command/batch', args: { commands: [query, query] } })).toBe('reader');
    expect(commandAccess({ command: 'svc.command/batch', args: { commands: [query, { command: 'svc.entity/create' }, query] } })).toBe('editor');
    const nested = { command: 'svc.command/batch', args: { commands: [query, { command: 'svc.command/batch', args: { commands: [{ command: 'svc.schema/batch' }] } }] } };
    expect(commandAccess(nested)).toBe('architect');
    expect(commandAccess({ command: 'svc.command/batch', args: { commands: 'none' } })).toBe('reader');
  });

  it('orders the levels and names both in a refusal', () => {
    expect(allows('architect', 'editor')).toBe(true);
    expect(allows('editor', 'editor')).toBe(true);
    expect(allows('editor', 'architect')).toBe(false);
    expect(allows('reader', 'editor')).toBe(false);
    const refusal = forbidden('editor', 'reader', 'The command "svc.entity/create"', 'svc.entity/create');
    expect(refusal.toResult()).toEqual({
      name: 'auth.error/forbidden',
      message: 'The command "svc.entity/create" needs the Editor access level; this token has Reader.',
      data: { required: 'editor', held: 'reader', command: 'svc.entity/create' },
    });
    expect(refusal.status).toBe(403);
  });
});
