/** Checks of the graphql area, in run order; one check per file in this folder. */
import type { Check } from '../../check.js';
import aliases from './aliases.js';
import badQuery from './bad-query.js';
import defaultLimit from './default-limit.js';
import longLists from './long-lists.js';
import depthLimit from './depth-limit.js';
import fieldKinds from './field-kinds.js';
import fileUrls from './file-urls.js';
import findPerDatabase from './find-per-database.js';
import innerLists from './inner-lists.js';
import introspection from './introspection.js';
import endpointIndex from './endpoint-index.js';
import mediaTypes from './media-types.js';
import overHttpMust from './over-http-must.js';
import overHttpShould from './over-http-should.js';
import matchesCommandApi from './matches-command-api.js';
import naming from './naming.js';
import mutationCreate from './mutation-create.js';
import mutationUpdate from './mutation-update.js';
import mutationDelete from './mutation-delete.js';
import mutationRichText from './mutation-rich-text.js';
import mutationLinks from './mutation-links.js';
import mutationAddRelated from './mutation-add-related.js';
import mutationUpdateRelated from './mutation-update-related.js';
import mutationDeleteRelated from './mutation-delete-related.js';
import mutationFilterSelection from './mutation-filter-selection.js';
import mutationReader from './mutation-reader.js';
import mutationDescriptions from './mutation-descriptions.js';
import mutationSchema from './mutation-schema.js';
import mutationBadValue from './mutation-bad-value.js';
import mutationCrossSurface from './mutation-cross-surface.js';
import mutationRunErrors from './mutation-run-errors.js';
import mutationRunSelection from './mutation-run-selection.js';
import mutationTargetsEdges from './mutation-targets-edges.js';
import mutationTargetsLimit from './mutation-targets-limit.js';
import mutationValuesKinds from './mutation-values-kinds.js';
import mutationValuesRichText from './mutation-values-rich-text.js';
import mutationValuesNoInput from './mutation-values-no-input.js';
import mutationMessages from './mutation-messages.js';
import mutationRichTextValues from './mutation-rich-text-values.js';
import mutationRichTextEdits from './mutation-rich-text-edits.js';
import mutationAfterDelete from './mutation-after-delete.js';
import mutationLinkErrors from './mutation-link-errors.js';
import mutationRelationEffects from './mutation-relation-effects.js';
import mutationBatchPaths from './mutation-batch-paths.js';
import mutationBatchSize from './mutation-batch-size.js';
import mutationNoValues from './mutation-no-values.js';
import publicForms from './public-forms.js';
import requestErrors from './request-errors.js';
import richText from './rich-text.js';
import schemaSdl from './schema-sdl.js';
import schemaReservedNames from './schema-reserved-names.js';
import spaceUnderscores from './space-underscores.js';
import tokenLimit from './token-limit.js';
import nestingLimit from './nesting-limit.js';
import unknownSpace from './unknown-space.js';
import variablesOperationName from './variables-operation-name.js';
import variablesInMutations from './variables-in-mutations.js';
import filterSelectionRefused from './filter-selection-refused.js';
import filterSelectionField from './filter-selection-field.js';

export const graphqlChecks: readonly Check[] = [
  findPerDatabase,
  introspection,
  schemaSdl,
  fieldKinds,
  naming,
  schemaReservedNames,
  publicForms,
  spaceUnderscores,
  variablesOperationName,
  badQuery,
  overHttpMust,
  overHttpShould,
  mediaTypes,
  endpointIndex,
  requestErrors,
  unknownSpace,
  depthLimit,
  tokenLimit,
  nestingLimit,
  aliases,
  defaultLimit,
  longLists,
  matchesCommandApi,
  innerLists,
  fileUrls,
  richText,
  filterSelectionRefused,
  filterSelectionField,
  variablesInMutations,
  mutationCreate,
  mutationUpdate,
  mutationDelete,
  mutationRichText,
  mutationLinks,
  mutationAddRelated,
  mutationUpdateRelated,
  mutationDeleteRelated,
  mutationFilterSelection,
  mutationReader,
  mutationDescriptions,
  mutationSchema,
  mutationBadValue,
  mutationCrossSurface,
  mutationRunErrors,
  mutationRunSelection,
  mutationTargetsEdges,
  mutationTargetsLimit,
  mutationValuesKinds,
  mutationValuesRichText,
  mutationValuesNoInput,
  mutationMessages,
  mutationRichTextValues,
  mutationRichTextEdits,
  mutationAfterDelete,
  mutationLinkErrors,
  mutationRelationEffects,
  mutationBatchPaths,
  mutationBatchSize,
  mutationNoValues,
];
