/** Checks of the files area (the files API, file Entities, the Files extension), in run order; one check per file in this folder. */
import type { Check } from '../../check.js';
import accessLevels from './access-levels.js';
import attachCollection from './attach-collection.js';
import entityQuery from './entity-query.js';
import fromUrl from './from-url.js';
import fromUrlRefused from './from-url-refused.js';
import unknownSecret from './unknown-secret.js';
import uploadBadInput from './upload-bad-input.js';
import uploadDownload from './upload-download.js';

export const filesChecks: readonly Check[] = [uploadDownload, entityQuery, attachCollection, fromUrl, fromUrlRefused, unknownSecret, uploadBadInput, accessLevels];
