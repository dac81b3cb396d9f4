// Names for the generated types of spec/service.openapi.yaml used across the server.
import type { components } from '../../../generated/service/types.js';

type Schemas = components['schemas'];
export type ErrorName = Schemas['ErrorName'];
export type ErrorData = Schemas['ErrorData'];
export type CommandError = Schemas['CommandError'];
export type CommandFailure = Schemas['CommandFailure'];
export type CommandResponse = Schemas['CommandResponse'];
export type Command = Schemas['Command'];
export type CommandRequest = Schemas['CommandRequest'];
export type ErrorBody = Schemas['ErrorBody'];
export type Entity = Schemas['Entity'];
export type EntityInput = Schemas['EntityInput'];
export type WorkspaceSchema = Schemas['WorkspaceSchema'];
export type SchemaType = Schemas['SchemaType'];
export type SchemaField = Schemas['SchemaField'];
export type TypeMeta = Schemas['TypeMeta'];
export type FieldMeta = Schemas['FieldMeta'];
export type FieldDefinition = Schemas['FieldDefinition'];
export type EnumValue = Schemas['EnumValue'];
export type CreateCommand = Schemas['CreateCommand'];
