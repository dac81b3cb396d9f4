import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { lastResponse, withIntegration } from './integration.js';
import { ICON_FIELD } from './read.js';
import { oneTypeScenario } from './scenarios.js';

/** Value of a text/icon field and the Entity icon it gives (null: no icon). */
const CASES: Array<[unknown, string | null, string]> = [
  ['🚀', '🚀', 'MAP-018 a native emoji is kept'],
  ['🎉', '🎉', 'MAP-018 a native emoji is kept'],
  [':rocket:', '🚀', 'MAP-018 the alias :rocket: becomes its emoji'],
  ['tada', '🎉', 'MAP-018 the alias tada becomes its emoji'],
  ['definitely-not-an-emoji-xyz', null, 'MAP-019 a value that is no emoji sets no icon'],
  ['hello world', null, 'MAP-019 words that are no emoji alias set no icon'],
  // The edges: blanks around an emoji are dropped (MAP-072); an emoji with text, and colons anywhere but around the whole alias, are no emoji.
  [' 🚀 ', '🚀', 'MAP-072 an icon value is trimmed'],
  ['x🚀', null, 'MAP-019 an emoji after a letter is no emoji'],
  ['+:1:', null, 'MAP-019 colons inside a word (+:1:) make no alias'],
  [':+:1', null, 'MAP-019 colons inside a word (:+:1) make no alias'],
  ['::rocket::', null, 'MAP-019 doubled colons around an alias make no alias'],
  // A value that is no text is no emoji either: no icon, and no error.
  [42, null, 'MAP-019 a JSON number sets no icon'],
  [null, null, 'MAP-019 null sets no icon'],
];

const SCENARIO = oneTypeScenario(
  'An icon field given emojis, aliases and values that are no emoji.',
  { emoji: { name: 'Emoji', type: 'text', subType: 'icon' } },
  CASES.map(([value], i) => ({ id: `e${i}`, name: `icon ${i}`, emoji: value })),
);

export default defineCheck({
  id: 'sync.values-icon',
  name:
    'A text/icon value sets the Entity icon (icon/icon of the Icons extension): a native emoji as it is, an emoji alias (:rocket: or rocket) as its emoji, blanks around them dropped, ' +
    'and no icon (and no error) for a value that is no emoji (an emoji with text, colons inside a word or doubled around an alias, a number, null)',
  level: 'MUST',
  area: 'mapping',
  requirements: ['MAP-018', 'MAP-019', 'MAP-072'],
  target: 'server',
  async run(ctx) {
    await withIntegration(ctx, SCENARIO, {}, async (it) => {
      const entities = await it.byKey('thing');
      CASES.forEach(([value, expected, rule], i) => {
        const entity = entities.get(`e${i}`);
        if (!entity) fail(`the row e${i} is not in ${it.database('thing')}`, lastResponse(ctx));
        const got = entity[ICON_FIELD] ?? null;
        if (got !== expected) fail(`${rule}: the row with emoji ${JSON.stringify(value)} has ${ICON_FIELD} ${JSON.stringify(got)}, expected ${JSON.stringify(expected)}`, lastResponse(ctx));
      });
    });
  },
});
