/** Checks of the files area (the files API, file Entities, the Files extension), in run order; one check per file in this folder. */
import type { Check } from '../../check.js';
import accessLevels from './access-levels.js';
import attachCollection from './attach-collection.js';
import downloadName from './download-name.js';
import entityQuery from './entity-query.js';
import fromUrl from './from-url.js';
import fromUrlFailures from './from-url-failures.js';
import fromUrlRedirects from './from-url-redirects.js';
import fromUrlRefused from './from-url-refused.js';
import fromUrlTimeout from './from-url-timeout.js';
import readonlyFields from './readonly-fields.js';
import sizeLimit from './size-limit.js';
import syncedFileContent from './synced-file-content.js';
import unknownSecret from './unknown-secret.js';
import uploadBadInput from './upload-bad-input.js';
import uploadDownload from './upload-download.js';
import uploadMalformed from './upload-malformed.js';

export const filesChecks: readonly Check[] = [uploadDownload, downloadName, readonlyFields, entityQuery, attachCollection, fromUrl, fromUrlRedirects, fromUrlFailures, fromUrlRefused, unknownSecret, uploadBadInput, uploadMalformed, accessLevels, sizeLimit, fromUrlTimeout, syncedFileContent];
