/**
 * GET / answers the app information: every property of AppInformation, `sources` an empty array,
 * `responsibleFor.dataSynchronization` a boolean, `version` a string (unknown keys are allowed).
 */
import { expectJson, expectStatus } from '../../assert.js';
import { defineCheck } from '../../check.js';
import { appGet } from './client.js';
import { expectContract } from './contract.js';
import { PATHS } from './session.js';

export default defineCheck({
  id: 'app.information',
  name: 'GET / answers 200 with the app information: version, name, website, description, authentication, sources (an empty array) and responsibleFor.dataSynchronization (a boolean)',
  level: 'MUST',
  area: 'app',
  requirements: ['APP-001', 'APP-017', 'VER-006'],
  target: 'app',
  async run(ctx) {
    const what = 'GET / (app information)';
    const res = await appGet(ctx, PATHS.info);
    expectStatus(res, 200, what);
    expectContract(res, 'AppInformation', expectJson(res, what), what);
  },
});
