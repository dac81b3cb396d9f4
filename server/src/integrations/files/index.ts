// Files of synchronized rows: downloaded once per key, stored by the files module, served at /files/<ref>.
export { fileValues, prepareFiles, type FileValue, type PreparedFile } from './prepare.js';
export { fileKeyOf, storedFileOf, type StoredFile } from '../../files/index.js';
export { downloadLinkedFile, isAppResource, resourceParams } from './resource.js';
