// Files of synchronized rows: downloaded once per key, stored, served at /files/<ref>.
export { prepareFiles, saveFiles, type FileValue, type PreparedFile } from './prepare.js';
export { deleteSourceFiles, fileKeyOf, storedFileOf, type StoredFile } from './store.js';
export { downloadUrl, isAppResource, resourceParams, MAX_REDIRECTS } from './download.js';
export { withIntegrationFiles } from './file-source.js';
