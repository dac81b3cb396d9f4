// Start-up of a workspace: migrations, system types, the administrator and their API token.
import type { Database } from './db/database.js';
import { lockSchemaStep, migrate } from './db/migrate.js';
import { loadCatalog } from './model/catalog.js';
import { insertEntity } from './model/entity-writer.js';
import { USER_TYPE } from './model/field-types.js';
import { ensureSystemTypes } from './model/schema-writer.js';
import { issueToken } from './http/tokens.js';

export const ADMIN_EMAIL = 'admin@svc-kit.local';

export interface Bootstrapped {
  adminUserId: string;
  token: string;
}

export async function bootstrap(db: Database, options: { token?: string; readerToken?: string; editorToken?: string } = {}): Promise<Bootstrapped> {
  await migrate(db);
  return db.transaction(async (tx) => {
    // Servers starting together on one PostgreSQL schema bootstrap one after the other.
    await lockSchemaStep(tx, db.kind, 'bootstrap');
    await ensureSystemTypes(tx);
    const catalog = await loadCatalog(tx);
    const users = catalog.type(USER_TYPE);
    const email = catalog.field(users, 'user/email');
    const found = await tx.query<{ id: string }>(`SELECT id FROM entities WHERE type_id = $1 AND data->>'${email.key}' = $2`, [users.id, ADMIN_EMAIL]);
    let adminUserId = found.rows[0]?.id;
    if (!adminUserId) {
      const created = await insertEntity(tx, catalog, USER_TYPE, { 'user/email': ADMIN_EMAIL, 'user/name': 'Administrator' }, '00000000-0000-4000-8000-000000000000');
      adminUserId = created['svc/id'] as string;
      await tx.query('UPDATE entities SET created_by = id WHERE id = $1', [adminUserId]);
    }
    const token = await issueToken(tx, { token: options.token, accessLevel: 'architect', userId: adminUserId, label: 'administrator' });
    if (options.readerToken !== undefined) {
      await issueToken(tx, { token: options.readerToken, accessLevel: 'reader', userId: adminUserId, label: 'administrator (reader)' });
    }
    if (options.editorToken !== undefined) {
      await issueToken(tx, { token: options.editorToken, accessLevel: 'editor', userId: adminUserId, label: 'administrator (editor)' });
    }
    return { adminUserId, token };
  });
}
