// The demo workspace: one Space whose Databases use every field type, relations of every
// cardinality, single select, workflow, rich text and the Comments extension, with a few
// hundred Entities. Written through the same model code as the command API.
import { decodeContent } from '../documents/formats.js';
import { writeDocuments, type DocumentWriteInput } from '../documents/store.js';
import { randomUUID } from 'node:crypto';
import type { Database } from '../db/database.js';
import type { Catalog } from '../model/catalog.js';
import { loadCatalog } from '../model/catalog.js';
import { addLinks, insertEntity } from '../model/entity-writer.js';
import { AVATAR_MIXIN, COMMENT_TYPE, COMMENTS_FIELD, COMMENTS_MIXIN, ICON_MIXIN, USER_TYPE } from '../model/field-types.js';
import { createEnumType, createField, createType, installMixins } from '../model/schema-writer.js';
import { SeededRandom } from './random.js';

export const DEMO_SPACE = 'Demo';
export const PROJECTS = 'Demo/Projects';
export const TASKS = 'Demo/Tasks';
export const PRIORITY_ENUM = 'Demo/Priority_Demo/Tasks';
export const TAGS_ENUM = 'Demo/Tags_Demo/Tasks';
export const WORKFLOW_ENUM = 'workflow/state_Demo/Tasks';

export interface DemoSummary {
  space: string;
  databases: string[];
  entities: number;
}

export interface DemoSize {
  users: number;
  projects: number;
  tasks: number;
  comments: number;
}

const DEFAULT_SIZE: DemoSize = { users: 5, projects: 20, tasks: 300, comments: 40 };
const WORDS = ['spec', 'server', 'client', 'schema', 'query', 'webhook', 'document', 'sync', 'review', 'release', 'bench', 'paging'];
const CITIES = [
  { latitude: 52.52, longitude: 13.405, fullAddress: 'Berlin' },
  { latitude: 48.8566, longitude: 2.3522, fullAddress: 'Paris' },
  { latitude: -33.8688, longitude: 151.2093, fullAddress: 'Sydney' },
];

async function createSchema(db: Database, adminUserId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await createType(tx, {
      name: PROJECTS,
      fields: [
        { name: 'Demo/Name', type: 'svc/text', meta: { 'ui/title?': true } },
        { name: 'Demo/Website', type: 'svc/url' },
        { name: 'Demo/Budget', type: 'svc/decimal', meta: { 'svc/format': { format: 'Money', currencyCode: 'EUR', precision: 2 } } },
        { name: 'Demo/Start', type: 'svc/date' },
        { name: 'Demo/Period', type: 'svc/date-range' },
        { name: 'Demo/Location', type: 'svc/location' },
        { name: 'Demo/Active', type: 'svc/bool' },
        { name: 'Demo/Brief', type: 'Collaboration~Documents/Document' },
        { name: 'Demo/Logo', type: 'file/file', meta: { 'svc/collection?': true } },
        { name: 'Demo/Owner', type: USER_TYPE },
        { name: 'Demo/Members', type: USER_TYPE, meta: { 'svc/collection?': true } },
      ],
    });
    await createType(tx, {
      name: TASKS,
      fields: [
        { name: 'Demo/Title', type: 'svc/text', meta: { 'ui/title?': true } },
        { name: 'Demo/Estimate', type: 'svc/integer' },
        { name: 'Demo/Done', type: 'svc/bool' },
        { name: 'Demo/Due', type: 'svc/date-time' },
        { name: 'Demo/Window', type: 'svc/date-time-range' },
        { name: 'Demo/Contact', type: 'svc/email' },
        { name: 'Demo/Notes', type: 'Collaboration~Documents/Document' },
        { name: 'Demo/Attachments', type: 'file/file', meta: { 'svc/collection?': true } },
      ],
    });
    // many-to-one Tasks -> Projects with its collection end, sharing one relation id.
    const projectRelation = randomUUID();
    await createField(tx, TASKS, { name: 'Demo/Project', type: PROJECTS, meta: { 'svc/relation': projectRelation } });
    await createField(tx, PROJECTS, { name: 'Demo/Tasks', type: TASKS, meta: { 'svc/relation': projectRelation, 'svc/collection?': true } });
    // many-to-many Tasks <-> Tasks (blocks / blocked by).
    const blockRelation = randomUUID();
    await createField(tx, TASKS, { name: 'Demo/Blocks', type: TASKS, meta: { 'svc/relation': blockRelation, 'svc/collection?': true } });
    await createField(tx, TASKS, { name: 'Demo/Blocked-by', type: TASKS, meta: { 'svc/relation': blockRelation, 'svc/collection?': true } });
    // one-to-one Projects <-> Tasks (the project's lead task).
    const leadRelation = randomUUID();
    await createField(tx, PROJECTS, { name: 'Demo/Lead-task', type: TASKS, meta: { 'svc/relation': leadRelation } });
    await createField(tx, TASKS, { name: 'Demo/Leads', type: PROJECTS, meta: { 'svc/relation': leadRelation } });
    // single select, multi select and workflow, as enum Entities.
    await createEnumType(tx, { name: PRIORITY_ENUM, values: [{ 'enum/name': 'Low', 'enum/color': 'grey' }, { 'enum/name': 'Medium', 'enum/color': 'yellow' }, { 'enum/name': 'High', 'enum/color': 'red', 'enum/icon': '🔥' }] }, adminUserId);
    await createField(tx, TASKS, { name: 'Demo/Priority', type: PRIORITY_ENUM });
    await createEnumType(tx, { name: TAGS_ENUM, values: WORDS.slice(0, 6).map((w) => ({ 'enum/name': w })) }, adminUserId);
    await createField(tx, TASKS, { name: 'Demo/Tags', type: TAGS_ENUM, meta: { 'svc/collection?': true } });
    await createEnumType(
      tx,
      {
        name: WORKFLOW_ENUM,
        workflow: true,
        values: [
          { 'enum/name': 'To do', 'enum/color': 'grey', 'workflow/Final': false },
          { 'enum/name': 'In progress', 'enum/color': 'blue', 'workflow/Final': false },
          { 'enum/name': 'Done', 'enum/color': 'green', 'workflow/Final': true },
        ],
      },
      adminUserId,
    );
    await createField(tx, TASKS, { name: 'Demo/Status', type: WORKFLOW_ENUM });
    await installMixins(tx, { [TASKS]: [COMMENTS_MIXIN, ICON_MIXIN], [PROJECTS]: [AVATAR_MIXIN] });
  });
}

async function enumIds(db: Database, catalog: Catalog, typeName: string): Promise<string[]> {
  const type = catalog.type(typeName);
  const rank = catalog.field(type, 'svc/rank');
  return (await db.query<{ id: string }>(`SELECT id FROM entities WHERE type_id = $1 ORDER BY (data->>'${rank.key}')::numeric`, [type.id])).rows.map((r) => r.id);
}

export async function seedDemo(db: Database, adminUserId: string, size: DemoSize = DEFAULT_SIZE): Promise<DemoSummary> {
  if ((await loadCatalog(db)).byName.has(PROJECTS)) {
    return { space: DEMO_SPACE, databases: [PROJECTS, TASKS], entities: 0 };
  }
  await createSchema(db, adminUserId);
  const catalog = await loadCatalog(db);
  const random = new SeededRandom(20261123);
  const ref = (id: string) => ({ 'svc/id': id });
  const priorities = await enumIds(db, catalog, PRIORITY_ENUM);
  const tags = await enumIds(db, catalog, TAGS_ENUM);
  const states = await enumIds(db, catalog, WORKFLOW_ENUM);
  let entities = 0;
  await db.transaction(async (tx) => {
    const users = [adminUserId];
    for (let i = 1; i <= size.users; i++) {
      const user = await insertEntity(tx, catalog, USER_TYPE, { 'user/email': `user${i}@demo.svc-kit.local`, 'user/name': `Demo User ${i}` }, adminUserId);
      users.push(user['svc/id'] as string);
      entities++;
    }
    const projects: string[] = [];
    for (let i = 1; i <= size.projects; i++) {
      const start = `2026-${String(random.int(1, 12)).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}`;
      const project = await insertEntity(
        tx,
        catalog,
        PROJECTS,
        {
          'Demo/Name': `Project ${i}: ${random.pick(WORDS)}`,
          'Demo/Website': `https://project-${i}.example.org/`,
          'Demo/Budget': random.int(1000, 100000) / 4,
          'Demo/Start': start,
          'Demo/Period': { start, end: '2027-06-30' },
          'Demo/Location': random.pick(CITIES),
          'Demo/Active': random.chance(0.7),
          'Demo/Logo': i % 4 === 0 ? [{ 'file/name': `logo-${i}.svg`, 'file/url': `https://project-${i}.example.org/logo.svg` }] : [],
          'Demo/Owner': ref(random.pick(users)),
          'Demo/Members': users.filter(() => random.chance(0.4)).map(ref),
          'avatar/avatar': [{ 'file/name': `avatar-${i}.png`, 'file/url': `https://project-${i}.example.org/avatar.png` }],
        },
        random.pick(users),
      );
      projects.push(project['svc/id'] as string);
      entities++;
    }
    const tasks: string[] = [];
    for (let i = 1; i <= size.tasks; i++) {
      const due = new Date(Date.UTC(2026, random.int(0, 11), random.int(1, 28), random.int(0, 23), random.int(0, 59))).toISOString();
      const values: Record<string, unknown> = {
        'Demo/Title': `Task ${i}: ${random.pick(WORDS)} ${random.pick(WORDS)}`,
        'Demo/Estimate': random.int(1, 13),
        'Demo/Done': random.chance(0.3),
        'Demo/Due': due,
        'Demo/Window': { start: due, end: new Date(Date.parse(due) + 86_400_000 * random.int(1, 14)).toISOString() },
        'Demo/Contact': `owner${random.int(1, 9)}@demo.svc-kit.local`,
        'Demo/Attachments': i % 10 === 0 ? [{ 'file/name': `spec-${i}.pdf`, 'file/url': `https://files.example.org/spec-${i}.pdf` }] : [],
        'Demo/Project': ref(random.pick(projects)),
        'Demo/Priority': ref(random.pick(priorities)),
        'Demo/Tags': tags.filter(() => random.chance(0.25)).map(ref),
        'Demo/Status': ref(random.pick(states)),
        'icon/icon': random.pick(['📝', '🐛', '🚀', '✅']),
      };
      if (tasks.length > 0 && random.chance(0.2)) values['Demo/Blocked-by'] = [ref(random.pick(tasks))];
      // Some tasks are left with empty fields, as real data has.
      if (random.chance(0.1)) delete values['Demo/Due'];
      const task = await insertEntity(tx, catalog, TASKS, values, random.pick(users));
      tasks.push(task['svc/id'] as string);
      entities++;
    }
    const commentsField = catalog.field(catalog.type(TASKS), COMMENTS_FIELD);
    const contents: DocumentWriteInput[] = [];
    for (let i = 1; i <= size.comments; i++) {
      const author = random.pick(users);
      const secret = randomUUID();
      const comment = await insertEntity(tx, catalog, COMMENT_TYPE, { 'comment/document-secret': secret, 'comment/author': ref(author) }, author);
      await addLinks(tx, catalog, commentsField, random.pick(tasks), [comment['svc/id'] as string]);
      contents.push({ secret, doc: decodeContent(`Comment ${i}: **looks good**, see [the spec](https://example.org/spec/${i}).`, 'md') });
      entities++;
    }
    // A comment's content is a document, as the contract's comment sequence writes it.
    await writeDocuments(tx, contents);
    const leadField = catalog.field(catalog.type(PROJECTS), 'Demo/Lead-task');
    for (const [i, project] of projects.entries()) {
      if (i % 2 === 0) await addLinks(tx, catalog, leadField, project, [tasks[i] as string]);
    }
  });
  return { space: DEMO_SPACE, databases: [PROJECTS, TASKS], entities };
}
