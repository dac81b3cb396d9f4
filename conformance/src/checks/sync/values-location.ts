import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { isRecord } from '../../shapes.js';
import { lastResponse, withIntegration } from './integration.js';
import { oneTypeScenario } from './scenarios.js';
import { coordinatesOf, describeValue, LIMITS, locationJsonOf } from './values-refused.js';

interface Case {
  value: string | Record<string, unknown>;
  latitude: number;
  longitude: number;
  /** null: the value has none. */
  fullAddress?: string | null;
  requirement: string;
}

const CASES: Case[] = [
  { value: '40.7128, -74.0060', latitude: 40.7128, longitude: -74.006, requirement: 'MAP-039 decimal' },
  { value: '-33.8688,151.2093', latitude: -33.8688, longitude: 151.2093, requirement: 'MAP-039 decimal without a space' },
  { value: `40°42'46"N 74°0'22"W`, latitude: 40.712778, longitude: -74.006111, requirement: 'MAP-040 degrees-minutes-seconds' },
  { value: `33°52'7.7"S 151°12'33.5"E`, latitude: -33.868806, longitude: 151.209306, requirement: 'MAP-040 degrees-minutes-seconds, southern and eastern' },
  { value: `40°42.767'N 74°0.367'W`, latitude: 40.712783, longitude: -74.006117, requirement: 'MAP-040 degrees and decimal minutes' },
  {
    value: JSON.stringify({ longitude: '2.3522', latitude: '48.8566', fullAddress: 'Paris, France' }),
    latitude: 48.8566,
    longitude: 2.3522,
    fullAddress: 'Paris, France',
    requirement: 'MAP-041 a stringified {longitude, latitude, fullAddress}',
  },
  // The edges of each notation.
  { value: ' 90 ; 180 ', latitude: 90, longitude: 180, requirement: 'MAP-039 decimal at the bounds, separated by a semicolon, with blanks' },
  { value: '-90/-180', latitude: -90, longitude: -180, requirement: 'MAP-039 decimal at the lower bounds, separated by a slash' },
  { value: '+12.5 , +0.25', latitude: 12.5, longitude: 0.25, requirement: 'MAP-039 decimal with plus signs' },
  { value: `74°0'22"W 40°42'46"N`, latitude: 40.712778, longitude: -74.006111, requirement: 'MAP-040 longitude first: the hemisphere letters say which is which' },
  { value: `N 40°42′46″, W 74°0′22″`, latitude: 40.712778, longitude: -74.006111, requirement: 'MAP-040 hemisphere letters before the coordinates, typographic primes' },
  { value: `s 0°30'0" e 0°15'`, latitude: -0.5, longitude: 0.25, requirement: 'MAP-040 lower-case hemisphere letters, minutes without seconds' },
  { value: '51.5° N, 0.1275° W', latitude: 51.5, longitude: -0.1275, requirement: 'MAP-040 decimal degrees with hemisphere letters' },
  { value: `10°N 20°E`, latitude: 10, longitude: 20, requirement: 'MAP-040 whole degrees with hemisphere letters' },
  { value: `0°0'36"S 0°0'18"W`, latitude: -0.01, longitude: -0.005, requirement: 'MAP-040 seconds alone, southern and western' },
  { value: `89°59'59.9"N 179°59'59.9"E`, latitude: 89.999972, longitude: 179.999972, requirement: 'MAP-040 just below the bounds' },
  { value: '12.5W 45N', latitude: 45, longitude: -12.5, requirement: 'MAP-040 decimal degrees, longitude first by its letter' },
  {
    value: JSON.stringify({ latitude: `40°42'46"N`, longitude: `74°0'22"W`, fullAddress: 'New York' }),
    latitude: 40.712778,
    longitude: -74.006111,
    fullAddress: 'New York',
    requirement: 'MAP-041 a stringified object whose coordinates are in degrees-minutes-seconds',
  },
  { value: ` {"latitude": -1.25, "longitude": 2, "fullAddress": ""} `, latitude: -1.25, longitude: 2, fullAddress: null, requirement: 'MAP-041 a stringified object with numbers and an empty fullAddress (none kept)' },
  { value: JSON.stringify({ latitude: '-45', longitude: '-170.5' }), latitude: -45, longitude: -170.5, fullAddress: null, requirement: 'MAP-041 a stringified object without fullAddress' },
  { value: { latitude: 35.6762, longitude: 139.6503, fullAddress: 'Tokyo' }, latitude: 35.6762, longitude: 139.6503, fullAddress: 'Tokyo', requirement: 'MAP-041 a plain JSON object' },
  // The other marks and letters, and the limits (MAP-071, MAP-072).
  { value: { latitude: '10n', longitude: '20.5e' }, latitude: 10, longitude: 20.5, fullAddress: null, requirement: 'MAP-041 an object whose coordinates carry lower-case hemisphere letters' },
  { value: `40º42'46"N 74˚0'22"W`, latitude: 40.712778, longitude: -74.006111, requirement: 'MAP-072 º and ˚ read as °' },
  { value: '-74.006, 40.7128N', latitude: 40.7128, longitude: -74.006, requirement: 'MAP-040 a letter on the second coordinate only: the first is the longitude' },
  { value: '12.5W 45', latitude: 45, longitude: -12.5, requirement: 'MAP-040 a letter on the first coordinate only: the second is the latitude' },
  { value: { latitude: 1, longitude: 2, fullAddress: null }, latitude: 1, longitude: 2, fullAddress: null, requirement: 'MAP-072 a null fullAddress (none kept)' },
  { value: { latitude: -1, longitude: -2, fullAddress: '   ' }, latitude: -1, longitude: -2, fullAddress: null, requirement: 'MAP-041 a blank fullAddress (none kept)' },
  { value: coordinatesOf(LIMITS.coordinates), latitude: 10, longitude: 20, requirement: `MAP-071 a coordinates text of ${LIMITS.coordinates} characters` },
  { value: locationJsonOf(LIMITS.locationJson), latitude: 1, longitude: 2, requirement: `MAP-071 a location JSON text of ${LIMITS.locationJson} characters` },
];

/** Values that clear the field. */
const CLEARING: unknown[] = [null, '', '   ', undefined];
const SCENARIO = oneTypeScenario(
  'A location field in every notation the rules accept.',
  { place: { name: 'Place', type: 'text', subType: 'location' } },
  [
    ...CASES.map((c, i) => ({ id: `l${i}`, name: c.requirement, place: c.value })),
    ...CLEARING.map((value, i) => ({ id: `c${i}`, name: 'a value that clears', ...(value === undefined ? {} : { place: value }) })),
  ],
);

/** Degrees-minutes-seconds carry rounding: compare within 0.00001 degree (about 1 m). */
const TOLERANCE = 1e-5;

export default defineCheck({
  id: 'sync.values-location',
  name:
    'A text/location value converts to svc/location {latitude, longitude, fullAddress?} from decimal coordinates, degrees-minutes-seconds (or decimal minutes) with hemisphere letters, ' +
    'and a stringified {longitude, latitude, fullAddress} (or a plain object), at the edges: the bounds, separators, signs, hemisphere letters before or after and in either case deciding ' +
    'which coordinate is the latitude (a letter on one coordinate only too), typographic primes, º and ˚, minutes or seconds alone, an empty, blank or null fullAddress left out, a coordinates ' +
    'text of 200 characters and a JSON text of 10,000; null, an empty or blank string or an absent value clears it',
  level: 'MUST',
  area: 'mapping',
  requirements: ['MAP-039', 'MAP-040', 'MAP-041', 'MAP-071', 'MAP-072'],
  target: 'server',
  async run(ctx) {
    await withIntegration(ctx, SCENARIO, {}, async (it) => {
      const entities = await it.byKey('thing');
      CASES.forEach((c, i) => {
        const got = entities.get(`l${i}`)?.[it.field('Place')];
        const near = (value: unknown, expected: number) => Math.abs(Number(value) - expected) <= TOLERANCE;
        if (!isRecord(got) || !near(got['latitude'], c.latitude) || !near(got['longitude'], c.longitude)) {
          fail(`${c.requirement}: ${describeValue(c.value)} became ${describeValue(got)}, expected latitude ${c.latitude} and longitude ${c.longitude}`, lastResponse(ctx));
        }
        if (c.fullAddress !== undefined && (got['fullAddress'] ?? null) !== c.fullAddress) {
          fail(`${c.requirement}: ${describeValue(c.value)} became ${describeValue(got)}, expected fullAddress ${JSON.stringify(c.fullAddress)}`, lastResponse(ctx));
        }
      });
      CLEARING.forEach((value, i) => {
        const got = entities.get(`c${i}`)?.[it.field('Place')] ?? null;
        if (got !== null) fail(`${value === undefined ? 'an absent value' : JSON.stringify(value)} clears a location field, yet the Entity holds ${JSON.stringify(got)}`, lastResponse(ctx));
      });
    });
  },
});
