// Files: stored files and their Entities (`svc/file`, the files API), signed download addresses
// of file fields (GraphQL `File.url`), files of synchronized rows (`integration_files`), the
// bounded download of a URL, and the routes of all of them.
export { downloadUrl, DownloadError, MAX_REDIRECTS, type DownloadOptions, type FileContent } from './download.js';
export { createFileEntity, fileBySecret, type NewFile } from './entities.js';
export { storedFileUrls, type FileAnswer, type FileSource } from './file-source.js';
export { DEFAULT_FILE_LIMITS, fileLimits, type FileLimits } from './limits.js';
export { cleanFileName, fileNameOf } from './names.js';
export { fileRoutes, fileUploadParser } from './routes.js';
export { fileUrlSigner, parseRef, refText, verifyFileUrl, URL_LIFETIME_MS, type FileRef, type FileUrlSigner, type SignedUrl } from './signed-urls.js';
export { withIntegrationFiles } from './synced-file-source.js';
export { fileKeyOf, insertFile, storedFileOf, storedKeys, type StoredFile } from './synced-store.js';
