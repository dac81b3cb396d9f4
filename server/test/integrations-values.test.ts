// The value converters of the integration mapping (spec/integrations.md, "Values") and
// convertRow: examples for each rule and fast-check properties (round trips of locations, every
// spelling of the boolean words, the two forms of multi-select values, convertRow failing only
// with the row-invalid Failure).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Failure } from '../src/api/failure.js';
import { convertRow } from '../src/integrations/mapping/index.js';
import { toBool, TRUE_WORDS, FALSE_WORDS } from '../src/integrations/mapping/values/bool.js';
import { toDateTime, toDay } from '../src/integrations/mapping/values/dates.js';
import { fileNameOf, toFileReference, toFileReferences } from '../src/integrations/mapping/values/file-reference.js';
import { isSingleEmoji, toIcon } from '../src/integrations/mapping/values/icon.js';
import { toLocation } from '../src/integrations/mapping/values/location.js';
import { toNames } from '../src/integrations/mapping/values/multi-select.js';
import { toDecimal, toInteger } from '../src/integrations/mapping/values/numbers.js';
import { toDateRange, toDateTimeRange } from '../src/integrations/mapping/values/ranges.js';
import { toEmail, toText, toUrl } from '../src/integrations/mapping/values/text.js';
import { ValueError } from '../src/integrations/mapping/values/value-error.js';
import type { TypeMapping } from '../src/integrations/types.js';

/** Every casing of `word`, chosen by the bits of `mask`. */
function recase(word: string, mask: number): string {
  return [...word].map((c, i) => ((mask >> i) & 1 ? c.toUpperCase() : c.toLowerCase())).join('');
}

const whitespace = fc.stringMatching(/^[ \t\n\r]{0,3}$/);

describe('text to boolean', () => {
  it('MAP-012 text to boolean: true, yes, on, 1, checked (any casing, trimmed) are true', () => {
    for (const word of ['true', 'yes', 'on', '1', 'checked', 'TRUE', ' Yes ', 'On', 'CHECKED\n']) expect(toBool(word)).toBe(true);
    expect(toBool(true)).toBe(true);
    expect(toBool(1)).toBe(true);
  });

  it('MAP-013 text to boolean: false, no, off, 0 and the empty string are false; null clears', () => {
    for (const word of ['false', 'no', 'off', '0', '', '  ', 'FALSE', ' No', 'OFF']) expect(toBool(word)).toBe(false);
    expect(toBool(false)).toBe(false);
    expect(toBool(null)).toBeNull();
    expect(toBool(undefined)).toBeNull();
  });

  it('MAP-012 MAP-013 every casing and surrounding whitespace of the listed words (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...TRUE_WORDS, ...FALSE_WORDS), fc.nat(), whitespace, whitespace, (word, mask, before, after) => {
        expect(toBool(`${before}${recase(word, mask)}${after}`)).toBe(TRUE_WORDS.includes(word));
      }),
    );
  });

  it('MAP-011 refuses any other word, naming what it expected', () => {
    for (const value of ['maybe', 'y', 'tru', '2', 2, {}, []]) {
      expect(() => toBool(value)).toThrow(ValueError);
    }
    expect(() => toBool('maybe')).toThrow(/true, yes, on, 1, checked, false, no, off, 0 or an empty string; got "maybe"/);
  });
});

describe('numbers and texts', () => {
  it('MAP-001 decimal: JSON numbers and numeric strings; empty clears; garbage refused', () => {
    expect(toDecimal(12.5)).toBe(12.5);
    expect(toDecimal(' -3.25 ')).toBe(-3.25);
    expect(toDecimal('1e3')).toBe(1000);
    expect(toDecimal('.5')).toBe(0.5);
    expect(toDecimal('')).toBeNull();
    expect(toDecimal(null)).toBeNull();
    for (const bad of ['12,5', 'abc', '0x10', 'Infinity', '1e999', true, [1]]) expect(() => toDecimal(bad)).toThrow(/must be a number/);
  });

  it('MAP-006 integer refuses a fraction and unsafe integers', () => {
    expect(toInteger('42')).toBe(42);
    expect(toInteger(7)).toBe(7);
    expect(toInteger('1.0')).toBe(1);
    expect(() => toInteger('1.5')).toThrow(/must be an integer/);
    expect(() => toInteger(2 ** 60)).toThrow(/must be an integer/);
  });

  it('MAP-001 MAP-006 every finite number survives as a JSON number and as its string (property)', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (n) => {
        expect(toDecimal(n)).toBe(n);
        expect(toDecimal(String(n))).toBe(n + 0);
      }),
    );
    fc.assert(
      fc.property(fc.maxSafeInteger(), (n) => {
        expect(toInteger(String(n))).toBe(n);
      }),
    );
  });

  it('MAP-007 MAP-009 MAP-010 texts, URLs and e-mail addresses', () => {
    expect(toText('plain')).toBe('plain');
    expect(toText(12)).toBe('12');
    expect(toText('')).toBeNull();
    expect(() => toText({ a: 1 })).toThrow(/must be a text/);
    expect(toUrl(' https://example.org/a ')).toBe('https://example.org/a');
    expect(() => toUrl('example.org')).toThrow(/absolute URL/);
    expect(toEmail('jane@example.org')).toBe('jane@example.org');
    expect(() => toEmail('jane')).toThrow(/e-mail address/);
  });
});

describe('dates', () => {
  it('MAP-031 date: an ISO 8601 timestamp, any offset turned to UTC with milliseconds', () => {
    expect(toDateTime('2026-11-23T09:15:00.000Z')).toBe('2026-11-23T09:15:00.000Z');
    expect(toDateTime('2026-11-23T09:15:00+02:00')).toBe('2026-11-23T07:15:00.000Z');
    expect(toDateTime('2026-11-23T23:30:00.5-05:30')).toBe('2026-11-24T05:00:00.500Z');
    expect(toDateTime('2026-11-23')).toBe('2026-11-23T00:00:00.000Z');
    expect(toDateTime('')).toBeNull();
    for (const bad of ['2021-02-29T00:00:00Z', '2026-13-01T00:00:00Z', '2026-11-23T24:00:00Z', '2026-11-23T10:00:00+25:00', 'yesterday', 1700000000000]) {
      expect(() => toDateTime(bad)).toThrow(/ISO 8601 timestamp/);
    }
  });

  it('MAP-031 every instant written with any offset comes back as the same UTC instant (property)', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1971-01-01T00:00:00Z'), max: new Date('9998-12-31T00:00:00Z'), noInvalidDate: true }), fc.integer({ min: -14 * 60, max: 14 * 60 }), (date, offset) => {
        const local = new Date(date.getTime() + offset * 60_000).toISOString().slice(0, 23);
        const sign = offset < 0 ? '-' : '+';
        const hh = String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0');
        const mm = String(Math.abs(offset) % 60).padStart(2, '0');
        expect(toDateTime(`${local}${sign}${hh}:${mm}`)).toBe(date.toISOString());
      }),
    );
  });

  it('MAP-032 day: YYYY-MM-DD; of a timestamp the date part as written', () => {
    expect(toDay('2020-02-29')).toBe('2020-02-29');
    expect(toDay('2020-01-01T23:00:00-05:00')).toBe('2020-01-01');
    expect(toDay(null)).toBeNull();
    for (const bad of ['2021-02-29', '2020-1-1', '01/02/2020', '2020-01-01Tnonsense']) expect(() => toDay(bad)).toThrow(/a date YYYY-MM-DD/);
  });

  it('MAP-014 date range: a stringified or plain object {start, end} of days', () => {
    expect(toDateRange('{"start":"2026-01-01","end":"2026-01-31"}')).toEqual({ start: '2026-01-01', end: '2026-01-31' });
    expect(toDateRange({ start: '2026-01-01', end: '2026-02-01T10:00:00Z' })).toEqual({ start: '2026-01-01', end: '2026-02-01' });
    expect(toDateRange('')).toBeNull();
    expect(toDateRange({ start: null, end: '' })).toBeNull();
    for (const bad of ['{"start":"2026-01-01"}', 'not json', '[1,2]', { start: 'x', end: '2026-01-01' }]) expect(() => toDateRange(bad)).toThrow(/date range/);
  });

  it('MAP-015 date-time range: timestamps turned to UTC with milliseconds', () => {
    expect(toDateTimeRange('{"start":"2026-01-01T10:00:00+01:00","end":"2026-01-01T12:00:00Z"}')).toEqual({
      start: '2026-01-01T09:00:00.000Z',
      end: '2026-01-01T12:00:00.000Z',
    });
    expect(() => toDateTimeRange('{"start":"2026-01-01T10:00:00Z","end":"later"}')).toThrow(/date-time range/);
  });
});

/** Degrees, minutes and seconds of |value| (seconds to 3 decimals, carried). */
function dms(value: number): [number, number, string] {
  const thousandths = Math.round(Math.abs(value) * 3_600_000);
  const degrees = Math.floor(thousandths / 3_600_000);
  const minutes = Math.floor((thousandths % 3_600_000) / 60_000);
  const seconds = ((thousandths % 60_000) / 1000).toFixed(3);
  return [degrees, minutes, seconds];
}

const latitude = fc.double({ min: -90, max: 90, noNaN: true });
const longitude = fc.double({ min: -180, max: 180, noNaN: true });

describe('locations', () => {
  it('MAP-039 decimal latitude, longitude', () => {
    expect(toLocation('40.7128, -74.0060')).toEqual({ latitude: 40.7128, longitude: -74.006 });
    expect(toLocation('-33.8688 151.2093')).toEqual({ latitude: -33.8688, longitude: 151.2093 });
    expect(toLocation('40.7128° N, 74.0060° W')).toEqual({ latitude: 40.7128, longitude: -74.006 });
    expect(toLocation('74.0060 W; 40.7128 N')).toEqual({ latitude: 40.7128, longitude: -74.006 });
  });

  it('MAP-040 degrees-minutes-seconds with hemisphere letters, and degrees-decimal-minutes', () => {
    const nyc = toLocation(`40°42'46"N 74°0'22"W`);
    expect(nyc?.latitude).toBeCloseTo(40 + 42 / 60 + 46 / 3600, 10);
    expect(nyc?.longitude).toBeCloseTo(-(74 + 22 / 3600), 10);
    expect(toLocation('40° 42′ 46″ N, 74° 0′ 22″ W')).toEqual(nyc);
    const ddm = toLocation(`40°42.767'N 74°0.367'W`);
    expect(ddm?.latitude).toBeCloseTo(40 + 42.767 / 60, 10);
    expect(ddm?.longitude).toBeCloseTo(-(0.367 / 60 + 74), 10);
    expect(toLocation(`S 33°52'8" E 151°12'33"`)?.latitude).toBeLessThan(0);
  });

  it('MAP-041 a stringified JSON object {longitude, latitude, fullAddress} (strings or numbers)', () => {
    expect(toLocation('{"longitude":"13.405","latitude":"52.52","fullAddress":"Berlin"}')).toEqual({ latitude: 52.52, longitude: 13.405, fullAddress: 'Berlin' });
    expect(toLocation({ latitude: 48.8566, longitude: 2.3522 })).toEqual({ latitude: 48.8566, longitude: 2.3522 });
    expect(() => toLocation('{"fullAddress":"Berlin"}')).toThrow(/a location/);
  });

  it('MAP-039 MAP-040 refuses what is not a place: out of range, conflicting letters, minutes over 59', () => {
    // One number is never split into two coordinates ('40.7128' is no place, nor '4012').
    for (const bad of ['91, 0', '0, 181', `40°42'46"N 74°0'22"N`, `40°61'N 74°W`, '-40 N, 74 W', 'somewhere', '1 2 3', '{"latitude": 1}', 42, '40.7128', '4012', '-33.8688']) {
      expect(() => toLocation(bad), String(bad)).toThrow(ValueError);
    }
    expect(toLocation('')).toBeNull();
  });

  it('MAP-039 a random place written in decimal degrees comes back within rounding (property)', () => {
    fc.assert(
      fc.property(latitude, longitude, fc.constantFrom(', ', ' ', ';', ','), (lat, lon, separator) => {
        const parsed = toLocation(`${lat.toFixed(6)}${separator}${lon.toFixed(6)}`);
        expect(parsed?.latitude).toBeCloseTo(lat, 5);
        expect(parsed?.longitude).toBeCloseTo(lon, 5);
      }),
    );
  });

  it('MAP-040 a random place written in degrees-minutes-seconds with hemisphere letters comes back within rounding (property)', () => {
    fc.assert(
      fc.property(latitude, longitude, fc.boolean(), (lat, lon, swapped) => {
        const [ld, lm, ls] = dms(lat);
        const [od, om, os] = dms(lon);
        const northSouth = `${ld}°${lm}'${ls}"${lat < 0 ? 'S' : 'N'}`;
        const eastWest = `${od}°${om}'${os}"${lon < 0 ? 'W' : 'E'}`;
        const parsed = toLocation(swapped ? `${eastWest} ${northSouth}` : `${northSouth} ${eastWest}`);
        expect(Math.abs((parsed?.latitude ?? NaN) - lat)).toBeLessThan(1e-6);
        expect(Math.abs((parsed?.longitude ?? NaN) - lon)).toBeLessThan(1e-6);
      }),
    );
  });

  it('MAP-040 degrees-decimal-minutes round trip (property)', () => {
    fc.assert(
      fc.property(latitude, longitude, (lat, lon) => {
        const ddm = (v: number, pos: string, neg: string) => {
          const total = Math.round(Math.abs(v) * 60 * 10_000) / 10_000;
          return `${Math.floor(total / 60)}°${(total % 60).toFixed(4)}'${v < 0 ? neg : pos}`;
        };
        const parsed = toLocation(`${ddm(lat, 'N', 'S')} ${ddm(lon, 'E', 'W')}`);
        expect(Math.abs((parsed?.latitude ?? NaN) - lat)).toBeLessThan(1e-5);
        expect(Math.abs((parsed?.longitude ?? NaN) - lon)).toBeLessThan(1e-5);
      }),
    );
  });
});

describe('multi select values', () => {
  it('MAP-029 a JSON array of option names, or its JSON text', () => {
    expect(toNames(['Bug', ' UI ', '', 'Bug'])).toEqual(['Bug', 'UI']);
    expect(toNames('["Bug","UI"]')).toEqual(['Bug', 'UI']);
    expect(toNames('[]')).toEqual([]);
    expect(() => toNames('["Bug",')).toThrow(/option names/);
    expect(() => toNames([{ name: 'Bug' }])).toThrow(/option names/);
  });

  it('MAP-030 a comma-separated string', () => {
    expect(toNames('Bug, UI ,,Backend')).toEqual(['Bug', 'UI', 'Backend']);
    expect(toNames('')).toEqual([]);
    expect(toNames(null)).toEqual([]);
  });

  it('MAP-029 MAP-030 a JSON array, its JSON text and the comma string of the same names agree (property)', () => {
    const name = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 _-]{0,15}$/).map((s) => s.trim()).filter((s) => s !== '');
    fc.assert(
      fc.property(fc.array(name, { maxLength: 10 }), (names) => {
        const expected = [...new Set(names)];
        expect(toNames(names)).toEqual(expected);
        expect(toNames(JSON.stringify(names))).toEqual(expected);
        expect(toNames(names.join(', '))).toEqual(expected);
      }),
    );
  });
});

describe('icons', () => {
  it('MAP-018 a native emoji is kept; an alias (:rocket: or rocket) becomes its emoji', () => {
    expect(toIcon('🚀')).toBe('🚀');
    expect(toIcon('👍🏽')).toBe('👍🏽');
    expect(toIcon('🇺🇸')).toBe('🇺🇸');
    expect(toIcon(':rocket:')).toBe('🚀');
    expect(toIcon('rocket')).toBe('🚀');
    expect(toIcon(' laughing ')).toBe('😆');
  });

  it('MAP-019 anything else leaves the icon unset (never an error)', () => {
    for (const value of ['not-an-emoji', 'rocket ship', '🚀🚀', '🚀 launch', 'ROCKET', 'xyzzy', '1', 'constructor', '__proto__', '', null, 12, { emoji: '🚀' }]) {
      expect(toIcon(value), JSON.stringify(value)).toBeNull();
    }
  });

  it('MAP-019 any value gives one emoji or nothing (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.jsonValue()), (value) => {
        const icon = toIcon(value);
        expect(icon === null || isSingleEmoji(icon)).toBe(true);
      }),
    );
  });
});

describe('file references', () => {
  it('MAP-033 MAP-034 a file URL: the key is the URL, the name its last path segment', () => {
    expect(toFileReference('https://files.example.org/a/b/Report%202026.pdf?x=1')).toEqual({
      url: 'https://files.example.org/a/b/Report%202026.pdf?x=1',
      key: 'https://files.example.org/a/b/Report%202026.pdf?x=1',
      name: 'Report 2026.pdf',
    });
    expect(fileNameOf('https://example.org/')).toBe('file');
  });

  it('MAP-035 __file-key makes the key stable when the URL changes', () => {
    const one = toFileReference('https://cdn.example.org/x.png?sig=1&__file-key=avatar-7');
    const two = toFileReference('https://cdn.example.org/x.png?sig=2&__file-key=avatar-7');
    expect(one.key).toBe('avatar-7');
    expect(two.key).toBe(one.key);
    expect(one.url).not.toBe(two.url);
  });

  it('MAP-036 MAP-053 app://resource?... carries every query parameter for the resource endpoint', () => {
    const file = toFileReference('app://resource?url=https%3A%2F%2Fapi.example.org%2Ffiles%2Fspec.pdf&value=42&id=7&pathname=%2Fa%2Fb');
    expect(file.resource).toEqual({ url: 'https://api.example.org/files/spec.pdf', value: '42', id: '7', pathname: '/a/b' });
    expect(file.name).toBe('spec.pdf');
    expect(file.key).toBe(file.url);
    expect(toFileReference('app://resource?id=9&__file-key=k9')).toMatchObject({ key: 'k9', name: 'file', resource: { id: '9', '__file-key': 'k9' } });
  });

  it('MAP-033 several files: a JSON array or its JSON text, without repeated keys; a single file field keeps one', () => {
    const urls = ['https://e.org/1.txt', 'https://e.org/2.txt', 'https://e.org/1.txt'];
    expect(toFileReferences(urls, true).map((f) => f.name)).toEqual(['1.txt', '2.txt']);
    expect(toFileReferences(JSON.stringify(urls), true)).toHaveLength(2);
    expect(toFileReferences(urls, false)).toHaveLength(1);
    expect(toFileReferences('', true)).toEqual([]);
    for (const bad of ['not a url', 'ftp://e.org/x', 'javascript:alert(1)', 'app://elsewhere?x=1', 12]) expect(() => toFileReference(bad)).toThrow(/file URL/);
  });
});

/** A mapping with one field of every kind. */
const mapping: TypeMapping = {
  appType: 'issue',
  database: 'T/Issue',
  keyField: 'id',
  deletedInSourceField: 'T/deleted in source',
  ownFields: [],
  fields: {
    __syncAction: { kind: 'sync-action', field: 'T/__syncAction' },
    id: { kind: 'value', field: 'T/Id', value: 'text' },
    name: { kind: 'value', field: 'T/Name', value: 'text' },
    done: { kind: 'value', field: 'T/Done', value: 'bool' },
    estimate: { kind: 'value', field: 'T/Estimate', value: 'integer' },
    price: { kind: 'value', field: 'T/Price', value: 'decimal' },
    due: { kind: 'value', field: 'T/Due', value: 'date-time' },
    day: { kind: 'value', field: 'T/Day', value: 'date' },
    period: { kind: 'value', field: 'T/Period', value: 'date-range' },
    place: { kind: 'value', field: 'T/Place', value: 'location' },
    site: { kind: 'value', field: 'T/Site', value: 'url' },
    body: { kind: 'rich-text', field: 'T/Body', format: 'md' },
    icon: { kind: 'icon', field: 'icon/icon' },
    picture: { kind: 'avatar', field: 'avatar/avatar' },
    state: { kind: 'select', field: 'T/State', enumType: 'workflow/state_T/Issue', multi: false, workflow: true },
    tags: { kind: 'select', field: 'T/Tags', enumType: 'T/Tags_T/Issue', multi: true, workflow: false },
    files: { kind: 'files', field: 'T/Files', multi: true },
    owner: { kind: 'people', field: 'T/Owner', multi: false, match: 'email' },
    watchers: { kind: 'people', field: 'T/Watchers', multi: true, match: 'name' },
    project: { kind: 'relation', keyField: 'T/Project key', field: 'T/Project', targetAppType: 'project', multi: false },
    related: { kind: 'relation', keyField: 'T/Related key', field: 'T/Related', targetAppType: 'issue', multi: true },
  },
};

function failure(fn: () => unknown): Failure {
  try {
    fn();
  } catch (error) {
    if (error instanceof Failure) return error;
    throw error;
  }
  throw new Error('expected a Failure');
}

describe('convertRow', () => {
  it('MAP-001..MAP-053 converts one row of every field kind into what the engine writes', () => {
    const row = convertRow(mapping, {
      id: 42,
      name: 'Crash on start',
      done: 'Yes',
      estimate: '3',
      price: 12.5,
      due: '2026-11-23T10:00:00+01:00',
      day: '2026-11-23',
      period: '{"start":"2026-11-01","end":"2026-11-30"}',
      place: '52.52, 13.405',
      site: 'https://example.org/42',
      body: '# Steps',
      icon: ':bug:',
      picture: 'https://e.org/p.png',
      state: 'In Progress',
      tags: 'ui, backend',
      files: ['https://e.org/a.txt'],
      owner: 'Jane@example.org',
      watchers: ['Jane Doe', 'Doe, John'],
      project: 'P1',
      related: '["1","2"]',
      __syncAction: 'SET',
    });
    expect(row.key).toBe('42');
    expect(row.syncAction).toBe('SET');
    expect(row.values).toEqual({
      'T/__syncAction': 'SET',
      'T/Id': '42',
      'T/Name': 'Crash on start',
      'T/Done': true,
      'T/Estimate': 3,
      'T/Price': 12.5,
      'T/Due': '2026-11-23T09:00:00.000Z',
      'T/Day': '2026-11-23',
      'T/Period': { start: '2026-11-01', end: '2026-11-30' },
      'T/Place': { latitude: 52.52, longitude: 13.405 },
      'T/Site': 'https://example.org/42',
      'icon/icon': '🐛',
    });
    expect(row.richText).toEqual([{ field: 'T/Body', format: 'md', content: '# Steps' }]);
    expect(row.selects).toEqual([
      { field: 'T/State', enumType: 'workflow/state_T/Issue', workflow: true, multi: false, names: ['In Progress'] },
      { field: 'T/Tags', enumType: 'T/Tags_T/Issue', workflow: false, multi: true, names: ['ui', 'backend'] },
    ]);
    expect(row.people).toEqual([
      { field: 'T/Owner', multi: false, match: 'email', values: ['Jane@example.org'] },
      { field: 'T/Watchers', multi: true, match: 'name', values: ['Jane Doe', 'Doe, John'] },
    ]);
    expect(row.relations).toEqual([
      { field: 'T/Project', keyField: 'T/Project key', targetAppType: 'project', multi: false, keys: ['P1'] },
      { field: 'T/Related', keyField: 'T/Related key', targetAppType: 'issue', multi: true, keys: ['1', '2'] },
    ]);
    expect(row.files.map((f) => [f.field, f.files.map((x) => x.name)])).toEqual([
      ['avatar/avatar', ['p.png']],
      ['T/Files', ['a.txt']],
    ]);
  });

  it('MAP-052 __syncAction REMOVE gives a removal carrying only the key; SET or none sets', () => {
    const removed = convertRow(mapping, { id: 'PR_1', __syncAction: 'REMOVE', estimate: 'not even a number' });
    expect(removed).toMatchObject({ key: 'PR_1', syncAction: 'REMOVE', values: {}, selects: [], files: [] });
    expect(convertRow(mapping, { id: 'PR_2' }).syncAction).toBe('SET');
    const bad = failure(() => convertRow(mapping, { id: 'PR_3', __syncAction: 'DELETE' } as never));
    expect(bad.data).toEqual({ type: 'issue', key: 'PR_3', field: '__syncAction' });
  });

  it('MAP-047 MAP-022 null, an absent field or an empty string clears (booleans: empty is false; workflows: the default)', () => {
    const row = convertRow(mapping, { id: 'x', done: '', estimate: null, name: '' });
    expect(row.values['T/Done']).toBe(false);
    expect(row.values['T/Estimate']).toBeNull();
    expect(row.values['T/Name']).toBeNull();
    expect(row.values['T/Price']).toBeNull();
    expect(row.values['icon/icon']).toBeNull();
    expect(row.selects.map((s) => s.names)).toEqual([[], []]);
    expect(row.relations.map((r) => r.keys)).toEqual([[], []]);
    expect(row.files.map((f) => f.files)).toEqual([[], []]);
    expect(row.richText).toEqual([{ field: 'T/Body', format: 'md', content: '' }]);
  });

  it('MAP-006 a value that cannot be converted is row-invalid, naming the type, the row key and the field', () => {
    const bad = failure(() => convertRow(mapping, { id: 'PR_7', estimate: '1.5' }));
    expect(bad.name).toBe('integration.error/row-invalid');
    expect(bad.status).toBe(422);
    expect(bad.data).toEqual({ type: 'issue', key: 'PR_7', field: 'estimate' });
    expect(bad.message).toMatch(/"PR_7".*"issue".*"estimate".*integer.*"1\.5"/);
  });

  it('MAP-048 a row that is not an object or has no key is row-invalid', () => {
    expect(failure(() => convertRow(mapping, [] as never)).data).toEqual({ type: 'issue' });
    expect(failure(() => convertRow(mapping, { name: 'no key' })).data).toEqual({ type: 'issue', field: 'id' });
    expect(failure(() => convertRow(mapping, { id: { nested: true } })).message).toMatch(/row key/);
  });

  it('MAP-001..MAP-053 convertRow never throws anything but the row-invalid Failure on random rows (property)', () => {
    const fieldIds = Object.keys(mapping.fields);
    const row = fc.oneof(
      fc.dictionary(fc.constantFrom(...fieldIds, 'extra'), fc.oneof(fc.jsonValue(), fc.string(), fc.constantFrom('REMOVE', 'SET', '1.5', '[', '{"start":1}', 'app://resource?x=1'))),
      fc.jsonValue(),
    );
    fc.assert(
      fc.property(row, (value) => {
        try {
          const converted = convertRow(mapping, value as never);
          expect(typeof converted.key).toBe('string');
        } catch (error) {
          expect(error).toBeInstanceOf(Failure);
          expect((error as Failure).name).toBe('integration.error/row-invalid');
        }
      }),
      { numRuns: 500 },
    );
  });
});
