import { fail } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { isRecord } from '../../shapes.js';
import { lastResponse, withIntegration } from './integration.js';
import { oneTypeScenario } from './scenarios.js';

interface Case {
  value: string;
  latitude: number;
  longitude: number;
  fullAddress?: string;
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
];

const SCENARIO = oneTypeScenario(
  'A location field in every notation the rules accept.',
  { place: { name: 'Place', type: 'text', subType: 'location' } },
  CASES.map((c, i) => ({ id: `l${i}`, name: c.requirement, place: c.value })),
);

/** Degrees-minutes-seconds carry rounding: compare within 0.001 degree (about 100 m). */
const TOLERANCE = 1e-3;

export default defineCheck({
  id: 'sync.values-location',
  name:
    'A text/location value converts to svc/location {latitude, longitude, fullAddress?} from decimal coordinates, degrees-minutes-seconds (or decimal minutes) with hemisphere letters, ' +
    'and a stringified {longitude, latitude, fullAddress}',
  level: 'MUST',
  area: 'mapping',
  requirements: ['MAP-039', 'MAP-040', 'MAP-041'],
  target: 'server',
  async run(ctx) {
    await withIntegration(ctx, SCENARIO, {}, async (it) => {
      const entities = await it.byKey('thing');
      CASES.forEach((c, i) => {
        const got = entities.get(`l${i}`)?.[it.field('Place')];
        const near = (value: unknown, expected: number) => Math.abs(Number(value) - expected) <= TOLERANCE;
        if (!isRecord(got) || !near(got['latitude'], c.latitude) || !near(got['longitude'], c.longitude)) {
          fail(`${c.requirement}: ${JSON.stringify(c.value)} became ${JSON.stringify(got)}, expected latitude ${c.latitude} and longitude ${c.longitude}`, lastResponse(ctx));
        }
        if (c.fullAddress !== undefined && got['fullAddress'] !== c.fullAddress) {
          fail(`${c.requirement}: ${JSON.stringify(c.value)} became ${JSON.stringify(got)}, expected fullAddress ${JSON.stringify(c.fullAddress)}`, lastResponse(ctx));
        }
      });
    });
  },
});
