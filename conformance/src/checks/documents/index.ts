/** Checks of the documents area (and the comments that live on documents), in run order; one check per file in this folder. */
import type { Check } from '../../check.js';
import batchCommands from './batch-commands.js';
import commentsExtension from './comments-extension.js';
import commentsSequence from './comments-sequence.js';
import concurrentWrites from './concurrent-writes.js';
import defaultFormat from './default-format.js';
import createOrAppend from './create-or-append.js';
import htmlRoundTrip from './html-round-trip.js';
import depthLimit from './depth-limit.js';
import invalidContent from './invalid-content.js';
import markerLimit from './marker-limit.js';
import jsonRoundTrip from './json-round-trip.js';
import markdownEdges from './markdown-edges.js';
import markdownRoundTrip from './markdown-round-trip.js';
import notFound from './not-found.js';
import plainText from './plain-text.js';
import readWriteFormats from './read-write-formats.js';
import richTextField from './rich-text-field.js';
import tooLarge from './too-large.js';
import unknownFormat from './unknown-format.js';
import xssStripped from './xss-stripped.js';
import limitsEdges from './limits-edges.js';
import htmlEdges from './html-edges.js';
import urlEdges from './url-edges.js';

export const documentsChecks: readonly Check[] = [
  readWriteFormats,
  defaultFormat,
  createOrAppend,
  batchCommands,
  notFound,
  unknownFormat,
  tooLarge,
  invalidContent,
  depthLimit,
  markerLimit,
  xssStripped,
  limitsEdges,
  htmlEdges,
  urlEdges,
  richTextField,
  jsonRoundTrip,
  markdownRoundTrip,
  markdownEdges,
  htmlRoundTrip,
  plainText,
  concurrentWrites,
  commentsExtension,
  commentsSequence,
];
