// Adding and changing a source (service.openapi.yaml, addIntegrationSource and
// updateIntegrationSource): validate the account, read `config` (the requested types must be
// among its types), validate the filter, read and check the schema, create the Databases, and
// install (or reinstall) the app's webhook when its config enables webhooks (EVT-001).
import { randomUUID } from 'node:crypto';
import type { components } from '../../../../generated/service/types.js';
import { Failure } from '../../api/failure.js';
import type { ServerContext } from '../../server-context.js';
import { accountClient, loadAccount, refreshAccount } from '../accounts/index.js';
import { checkAppSchema, materializeMapping } from '../mapping/index.js';
import type { SourceRecord } from '../types.js';
import { insertSource, loadSource, saveSource } from './source-store.js';

type SourceInput = components['schemas']['IntegrationSourceInput'];
type SourceUpdate = components['schemas']['IntegrationSourceUpdate'];

export async function addSource(context: ServerContext, authorId: string, input: SourceInput): Promise<SourceRecord> {
  const account = await refreshAccount(context, await loadAccount(context.db, input.accountId));
  const client = accountClient(context, account);
  const filter = input.filter ?? {};
  const config = await client.config({ account: account.fields });
  const offered = new Map(config.types.map((t) => [t.id, t.name]));
  for (const type of input.types) {
    if (!offered.has(type)) {
      throw new Failure(
        'integration.error/type-unknown',
        `"types" names "${type}", which the app does not offer; its types are ${[...offered.keys()].map((t) => `"${t}"`).join(', ') || 'none'}.`,
        { field: 'types', type },
        400,
      );
    }
  }
  await client.validateFilter({ types: input.types, filter, account: account.fields });
  const schema = await client.schema({ types: input.types, filter, account: account.fields });
  checkAppSchema(schema, input.types);
  const source: SourceRecord = {
    id: randomUUID(),
    accountId: account.id,
    space: input.space,
    types: input.types,
    filter,
    keepUnsynced: input.keepUnsynced ?? false,
    mapping: { types: {} },
    webhook: null,
    lastSynchronizedAt: null,
    createdBy: authorId,
    createdAt: new Date().toISOString(),
  };
  await context.db.transaction(async (tx) => {
    source.mapping = await materializeMapping(tx, {
      space: input.space,
      types: input.types.map((id) => ({ id, name: offered.get(id) ?? id })),
      schema,
      previous: null,
      authorId,
    });
    await insertSource(tx, source);
  });
  if (config.webhooks?.enabled === true) {
    source.webhook = await client.installWebhook({ types: source.types, filter, account: account.fields, webhook: null });
    await saveSource(context.db, source);
  }
  return source;
}

export async function changeSource(context: ServerContext, id: string, update: SourceUpdate): Promise<SourceRecord> {
  const source = await loadSource(context.db, id);
  if (update.keepUnsynced !== undefined) source.keepUnsynced = update.keepUnsynced;
  if (update.filter !== undefined) {
    const account = await refreshAccount(context, await loadAccount(context.db, source.accountId));
    const client = accountClient(context, account);
    await client.validateFilter({ types: source.types, filter: update.filter, account: account.fields });
    source.filter = update.filter;
    const config = await client.config({ account: account.fields });
    if (config.webhooks?.enabled === true) {
      source.webhook = await client.installWebhook({ types: source.types, filter: source.filter, account: account.fields, webhook: source.webhook });
    }
  }
  await saveSource(context.db, source);
  return source;
}
