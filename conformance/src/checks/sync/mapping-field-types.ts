import { defineCheck } from '../../check.js';
import { withIntegration } from './integration.js';
import { AVATAR_FIELD, FILE_TYPE, ICON_FIELD, RICH_TEXT_TYPE } from './read.js';
import { expectField, expectMixin, type FieldExpectation } from './schema-expect.js';
import { catalogueScenario } from './scenarios.js';

const PLAIN = { metaExactly: {} };
const COLLECTION = { metaExactly: { 'svc/collection?': true } };

/** App field id of the catalogue type `item`, its workspace field name, its type and whole sync metadata, and the requirement. */
const ROWS: Array<[appField: string, name: string, expected: FieldExpectation, requirement: string]> = [
  ['id', 'Id', { type: 'svc/text', metaExactly: { 'svc/readonly?': true, 'integration/locked?': true } }, 'MAP-061 the row key (type id): read-only and locked'],
  ['name', 'Name', { type: 'svc/text', metaExactly: { 'ui/title?': true } }, 'MAP-042 name'],
  ['score', 'Score', { type: 'svc/decimal', ...PLAIN }, 'MAP-001 number'],
  ['count', 'Count', { type: 'svc/integer', ...PLAIN }, 'MAP-006 number/integer'],
  ['remark', 'Remark', { type: 'svc/text', ...PLAIN }, 'MAP-007 text'],
  ['homepage', 'Homepage', { type: 'svc/url', ...PLAIN }, 'MAP-009 text/url'],
  ['contact', 'Contact', { type: 'svc/email', ...PLAIN }, 'MAP-010 text/email'],
  ['done', 'Done', { type: 'svc/bool', ...PLAIN }, 'MAP-011 text/boolean'],
  ['period', 'Period', { type: 'svc/date-range', ...PLAIN }, 'MAP-014 text/date-range'],
  ['window', 'Window', { type: 'svc/date-time-range', ...PLAIN }, 'MAP-015 text/date-time-range'],
  ['notes', 'Notes', { type: RICH_TEXT_TYPE, ...PLAIN }, 'MAP-016 text/html'],
  ['summary', 'Summary', { type: RICH_TEXT_TYPE, ...PLAIN }, 'MAP-017 text/md'],
  ['due', 'Due', { type: 'svc/date-time', ...PLAIN }, 'MAP-031 date'],
  ['day', 'Day', { type: 'svc/date', ...PLAIN }, 'MAP-032 date/day'],
  // Files are a collection, single files too (they hold at most one).
  ['attachments', 'Attachments', { type: FILE_TYPE, ...COLLECTION }, 'MAP-033 array[text]/file'],
  ['cover', 'Cover', { type: FILE_TYPE, ...COLLECTION }, 'MAP-033 text/file'],
  ['gallery', 'Gallery', { type: FILE_TYPE, ...COLLECTION }, 'MAP-037 array[text]/files'],
  ['place', 'Place', { type: 'svc/location', ...PLAIN }, 'MAP-039 text/location'],
];

export default defineCheck({
  id: 'sync.mapping-field-types',
  name:
    'A synchronized schema field becomes the field <Space>/<field name> of the workspace type its type/subType maps to: the key (type id) svc/text read-only and locked, number svc/decimal, integer svc/integer, text svc/text, ' +
    'url, email, boolean svc/bool, the date ranges, html and md rich text, date svc/date-time, day svc/date, file and files file/file (a collection), location svc/location, icon the Icons extension, avatar the Avatar extension; ' +
    'a field without ignore, readonly or format carries no other metadata',
  level: 'MUST',
  area: 'mapping',
  requirements: ['MAP-061', 'MAP-001', 'MAP-006', 'MAP-007', 'MAP-009', 'MAP-010', 'MAP-011', 'MAP-014', 'MAP-015', 'MAP-016', 'MAP-017', 'MAP-018', 'MAP-031', 'MAP-032', 'MAP-033', 'MAP-037', 'MAP-038', 'MAP-039'],
  target: 'server',
  async run(ctx) {
    await withIntegration(ctx, catalogueScenario([]), {}, async (it) => {
      const view = await it.schema();
      const items = it.database('item');
      for (const [appField, name, expected, requirement] of ROWS) {
        expectField(view, items, it.field(name), expected, `${requirement}: the app field "${appField}"`);
      }
      expectMixin(view, items, 'icons/icon-mixin', ICON_FIELD, 'MAP-018 text/icon: the app field "emoji" installs the Icons extension');
      expectMixin(view, items, 'avatars/avatar-mixin', AVATAR_FIELD, 'MAP-038 text/avatar: the app field "photo" installs the Avatar extension');
    });
  },
});
