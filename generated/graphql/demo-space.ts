/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
export type Maybe<T> = T | null;
export type InputMaybe<T> = Maybe<T>;
/** All built-in and custom scalars, mapped to their actual values */
export type Scalars = {
  ID: { input: string; output: string; }
  String: { input: string; output: string; }
  Boolean: { input: boolean; output: boolean; }
  Int: { input: number; output: number; }
  Float: { input: number; output: number; }
};

/** Filter for a `Boolean` field (svc/bool). All given operators must hold (AND). An operator given as `null` is ignored; use `isNull` to test for a missing value. */
export type BooleanFilter = {
  /** The value equals this boolean. */
  is?: InputMaybe<Scalars['Boolean']['input']>;
  /** true: the field has no value; false: the field has a value. */
  isNull?: InputMaybe<Scalars['Boolean']['input']>;
};

/** A comment on an Entity (Comments extension, type `comments/comment`); its content is a collaborative document. */
export type Comment = {
  __typename?: 'Comment';
  /** Field `comment/author` (relation to `svc/user`). */
  author: Maybe<User>;
  /** Content of the comment: the document `comment/document-secret` names. */
  content: Maybe<RichText>;
  /** Author of the Entity (`svc/created-by`). */
  createdBy: Maybe<User>;
  /** Creation time (`svc/creation-date`): ISO 8601 UTC timestamp with milliseconds. */
  creationDate: Maybe<Scalars['String']['output']>;
  /** Identifier of the Entity (`svc/id`, a UUID). */
  id: Scalars['ID']['output'];
  /** Time of the last modification (`svc/modification-date`): ISO 8601 UTC timestamp with milliseconds. */
  modificationDate: Maybe<Scalars['String']['output']>;
};

/** Filter over a comment (a comment of the Comments extension, `comments/comment`). All given field filters must hold (AND). */
export type CommentFilter = {
  /** Filter on `comment/author` (the target's filter). */
  author?: InputMaybe<UserFilter>;
  /** Filter on `svc/created-by` (the target's filter). */
  createdBy?: InputMaybe<UserFilter>;
  /** Filter on `svc/creation-date`. */
  creationDate?: InputMaybe<StringFilter>;
  /** Filter on the identifier (`svc/id`). `{id: {isNull: true}}` used as a relation filter matches an empty relation. */
  id?: InputMaybe<IdFilter>;
  /** Filter on `svc/modification-date`. */
  modificationDate?: InputMaybe<StringFilter>;
};

/** Filter over an inner list (collection) of comment items. Instance of the `<Database>ListFilter` template. */
export type CommentListFilter = {
  /** Every filter in the list is matched by at least one item (AND). */
  contains?: InputMaybe<Array<CommentFilter>>;
  /** At least one filter in the list is matched by at least one item (OR). */
  containsAny?: InputMaybe<Array<CommentFilter>>;
  /** true: the list has no items; false: the list has at least one item. */
  isEmpty?: InputMaybe<Scalars['Boolean']['input']>;
  /** No filter in the list is matched by any item (AND of "not contains"). */
  notContains?: InputMaybe<Array<CommentFilter>>;
  /** At least one filter in the list is matched by no item (OR of "not contains"). */
  notContainsAny?: InputMaybe<Array<CommentFilter>>;
};

/** Sort keys of a comment. Set one key per object; when several are set they apply in the order declared here. */
export type CommentOrderBy = {
  /** Sort by a property of `comment/author`, for example `{author: {id: ASC}}`. */
  author?: InputMaybe<UserOrderBy>;
  /** Sort by a property of `svc/created-by`, for example `{createdBy: {id: ASC}}`. */
  createdBy?: InputMaybe<UserOrderBy>;
  /** Sort by `svc/creation-date`. */
  creationDate?: InputMaybe<OrderDirection>;
  /** Sort by `svc/id`. */
  id?: InputMaybe<OrderDirection>;
  /** Sort by `svc/modification-date`. */
  modificationDate?: InputMaybe<OrderDirection>;
};

/** A file stored in a file field. File fields have the type `[File!]!` (an empty list when the field holds no file). */
export type File = {
  __typename?: 'File';
  /** File name, including its extension. */
  name: Maybe<Scalars['String']['output']>;
  /** Signed download address of the file. It is valid for 60 minutes after the response was produced; request the field again for a fresh address. */
  url: Maybe<Scalars['String']['output']>;
  /** End of validity of `url`: ISO 8601 UTC timestamp with milliseconds (`YYYY-MM-DDTHH:MM:SS.sssZ`), 60 minutes after the address was signed. */
  urlExpiresAt: Maybe<Scalars['String']['output']>;
};

/** Filter for a `Float` field (svc/decimal). All given operators must hold (AND). An operator given as `null` is ignored; use `isNull` to test for a missing value. */
export type FloatFilter = {
  /** The value is greater than this number. */
  greater?: InputMaybe<Scalars['Float']['input']>;
  /** The value is greater than or equal to this number. */
  greaterOrEquals?: InputMaybe<Scalars['Float']['input']>;
  /** The value equals one of these numbers. */
  in?: InputMaybe<Array<Scalars['Float']['input']>>;
  /** The value equals this number. */
  is?: InputMaybe<Scalars['Float']['input']>;
  /** The value does not equal this number (Entities with no value match). */
  isNot?: InputMaybe<Scalars['Float']['input']>;
  /** true: the field has no value; false: the field has a value. */
  isNull?: InputMaybe<Scalars['Boolean']['input']>;
  /** The value is less than this number. */
  less?: InputMaybe<Scalars['Float']['input']>;
  /** The value is less than or equal to this number. */
  lessOrEquals?: InputMaybe<Scalars['Float']['input']>;
  /** The value equals none of these numbers (Entities with no value match). */
  notIn?: InputMaybe<Array<Scalars['Float']['input']>>;
};

/** Filter for an `ID` field (the Entity identifier `id`, a UUID). All given operators must hold (AND). An operator given as `null` is ignored. */
export type IdFilter = {
  /** The identifier equals one of these. */
  in?: InputMaybe<Array<Scalars['ID']['input']>>;
  /** The identifier equals this one. */
  is?: InputMaybe<Scalars['ID']['input']>;
  /** The identifier does not equal this one. */
  isNot?: InputMaybe<Scalars['ID']['input']>;
  /** true: there is no identifier (used on a relation filter, `{id: {isNull: true}}` matches an empty relation); false: there is one. */
  isNull?: InputMaybe<Scalars['Boolean']['input']>;
  /** The identifier equals none of these. */
  notIn?: InputMaybe<Array<Scalars['ID']['input']>>;
};

/** Filter for an `Int` field (svc/integer). All given operators must hold (AND). An operator given as `null` is ignored; use `isNull` to test for a missing value. */
export type IntFilter = {
  /** The value is greater than this number. */
  greater?: InputMaybe<Scalars['Int']['input']>;
  /** The value is greater than or equal to this number. */
  greaterOrEquals?: InputMaybe<Scalars['Int']['input']>;
  /** The value equals one of these numbers. */
  in?: InputMaybe<Array<Scalars['Int']['input']>>;
  /** The value equals this number. */
  is?: InputMaybe<Scalars['Int']['input']>;
  /** The value does not equal this number (Entities with no value match). */
  isNot?: InputMaybe<Scalars['Int']['input']>;
  /** true: the field has no value; false: the field has a value. */
  isNull?: InputMaybe<Scalars['Boolean']['input']>;
  /** The value is less than this number. */
  less?: InputMaybe<Scalars['Int']['input']>;
  /** The value is less than or equal to this number. */
  lessOrEquals?: InputMaybe<Scalars['Int']['input']>;
  /** The value equals none of these numbers (Entities with no value match). */
  notIn?: InputMaybe<Array<Scalars['Int']['input']>>;
};

/** Sort direction of one key of an `orderBy` argument. */
export type OrderDirection =
  /** Ascending: smallest first (strings by Unicode code point, false before true). Entities whose value is null come last. */
  | 'ASC'
  /** Descending: largest first. Entities whose value is null come first. */
  | 'DESC';

/** An Entity of the Database `Demo/Projects`. */
export type Project = {
  __typename?: 'Project';
  /** Field `Demo/Active` (svc/bool). */
  active: Maybe<Scalars['Boolean']['output']>;
  /** Field `Demo/Brief` (rich text). */
  brief: Maybe<RichText>;
  /** Field `Demo/Budget` (svc/decimal). */
  budget: Maybe<Scalars['Float']['output']>;
  /** Author of the Entity (`svc/created-by`). */
  createdBy: Maybe<User>;
  /** Creation time (`svc/creation-date`): ISO 8601 UTC timestamp with milliseconds. */
  creationDate: Maybe<Scalars['String']['output']>;
  /** Identifier of the Entity (`svc/id`, a UUID). */
  id: Scalars['ID']['output'];
  /** Field `Demo/Lead-task` (relation to `Demo/Tasks`). */
  leadTask: Maybe<Task>;
  /** Field `Demo/Location` (svc/location): stringified JSON `{longitude, latitude, fullAddress}`. */
  location: Maybe<Scalars['String']['output']>;
  /** Field `Demo/Logo` (files). Never null; an empty list when there are none. */
  logo: Array<File>;
  /** Field `Demo/Members` (collection of `svc/user`). Accepts the filter, orderBy, limit and offset arguments of a query of that type. Never null; an empty list when there are none. */
  members: Array<User>;
  /** Time of the last modification (`svc/modification-date`): ISO 8601 UTC timestamp with milliseconds. */
  modificationDate: Maybe<Scalars['String']['output']>;
  /** Field `Demo/Name` (svc/text). */
  name: Maybe<Scalars['String']['output']>;
  /** Field `Demo/Owner` (relation to `svc/user`). */
  owner: Maybe<User>;
  /** Field `Demo/Period` (svc/date-range): stringified JSON `{start, end}` of dates `YYYY-MM-DD`. */
  period: Maybe<Scalars['String']['output']>;
  /** Field `Demo/Start` (svc/date): `YYYY-MM-DD`. */
  start: Maybe<Scalars['String']['output']>;
  /** Field `Demo/Tasks` (collection of `Demo/Tasks`). Accepts the filter, orderBy, limit and offset arguments of a query of that type. Never null; an empty list when there are none. */
  tasks: Array<Task>;
  /** Field `Demo/Website` (svc/url). */
  website: Maybe<Scalars['String']['output']>;
};


/** An Entity of the Database `Demo/Projects`. */
export type ProjectMembersArgs = {
  email?: InputMaybe<StringFilter>;
  id?: InputMaybe<IdFilter>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  name?: InputMaybe<StringFilter>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  orderBy?: InputMaybe<UserOrderBy>;
};


/** An Entity of the Database `Demo/Projects`. */
export type ProjectTasksArgs = {
  blockedBy?: InputMaybe<TaskListFilter>;
  blocks?: InputMaybe<TaskListFilter>;
  comments?: InputMaybe<CommentListFilter>;
  contact?: InputMaybe<StringFilter>;
  createdBy?: InputMaybe<UserFilter>;
  creationDate?: InputMaybe<StringFilter>;
  done?: InputMaybe<BooleanFilter>;
  due?: InputMaybe<StringFilter>;
  estimate?: InputMaybe<IntFilter>;
  id?: InputMaybe<IdFilter>;
  leads?: InputMaybe<ProjectFilter>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  modificationDate?: InputMaybe<StringFilter>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  orderBy?: InputMaybe<TaskOrderBy>;
  priority?: InputMaybe<StringFilter>;
  project?: InputMaybe<ProjectFilter>;
  status?: InputMaybe<StringFilter>;
  title?: InputMaybe<StringFilter>;
  window?: InputMaybe<StringFilter>;
};

/** Filter over a Project (an Entity of `Demo/Projects`). All given field filters must hold (AND). */
export type ProjectFilter = {
  /** Filter on `Demo/Active`. */
  active?: InputMaybe<BooleanFilter>;
  /** Filter on `Demo/Budget`. */
  budget?: InputMaybe<FloatFilter>;
  /** Filter on `svc/created-by` (the target's filter). */
  createdBy?: InputMaybe<UserFilter>;
  /** Filter on `svc/creation-date`. */
  creationDate?: InputMaybe<StringFilter>;
  /** Filter on the identifier (`svc/id`). `{id: {isNull: true}}` used as a relation filter matches an empty relation. */
  id?: InputMaybe<IdFilter>;
  /** Filter on `Demo/Lead-task` (the target's filter). */
  leadTask?: InputMaybe<TaskFilter>;
  /** Filter on `Demo/Location`. */
  location?: InputMaybe<StringFilter>;
  /** Filter on the items of `Demo/Members` (inner list). */
  members?: InputMaybe<UserListFilter>;
  /** Filter on `svc/modification-date`. */
  modificationDate?: InputMaybe<StringFilter>;
  /** Filter on `Demo/Name`. */
  name?: InputMaybe<StringFilter>;
  /** Filter on `Demo/Owner` (the target's filter). */
  owner?: InputMaybe<UserFilter>;
  /** Filter on `Demo/Period`. */
  period?: InputMaybe<StringFilter>;
  /** Filter on `Demo/Start`. */
  start?: InputMaybe<StringFilter>;
  /** Filter on the items of `Demo/Tasks` (inner list). */
  tasks?: InputMaybe<TaskListFilter>;
  /** Filter on `Demo/Website`. */
  website?: InputMaybe<StringFilter>;
};

/** Filter over an inner list (collection) of Project items. Instance of the `<Database>ListFilter` template. */
export type ProjectListFilter = {
  /** Every filter in the list is matched by at least one item (AND). */
  contains?: InputMaybe<Array<ProjectFilter>>;
  /** At least one filter in the list is matched by at least one item (OR). */
  containsAny?: InputMaybe<Array<ProjectFilter>>;
  /** true: the list has no items; false: the list has at least one item. */
  isEmpty?: InputMaybe<Scalars['Boolean']['input']>;
  /** No filter in the list is matched by any item (AND of "not contains"). */
  notContains?: InputMaybe<Array<ProjectFilter>>;
  /** At least one filter in the list is matched by no item (OR of "not contains"). */
  notContainsAny?: InputMaybe<Array<ProjectFilter>>;
};

/** Sort keys of a Project. Set one key per object; when several are set they apply in the order declared here. */
export type ProjectOrderBy = {
  /** Sort by `Demo/Active`. */
  active?: InputMaybe<OrderDirection>;
  /** Sort by `Demo/Budget`. */
  budget?: InputMaybe<OrderDirection>;
  /** Sort by a property of `svc/created-by`, for example `{createdBy: {id: ASC}}`. */
  createdBy?: InputMaybe<UserOrderBy>;
  /** Sort by `svc/creation-date`. */
  creationDate?: InputMaybe<OrderDirection>;
  /** Sort by `svc/id`. */
  id?: InputMaybe<OrderDirection>;
  /** Sort by a property of `Demo/Lead-task`, for example `{leadTask: {id: ASC}}`. */
  leadTask?: InputMaybe<TaskOrderBy>;
  /** Sort by `Demo/Location`. */
  location?: InputMaybe<OrderDirection>;
  /** Sort by `svc/modification-date`. */
  modificationDate?: InputMaybe<OrderDirection>;
  /** Sort by `Demo/Name`. */
  name?: InputMaybe<OrderDirection>;
  /** Sort by a property of `Demo/Owner`, for example `{owner: {id: ASC}}`. */
  owner?: InputMaybe<UserOrderBy>;
  /** Sort by `Demo/Period`. */
  period?: InputMaybe<OrderDirection>;
  /** Sort by `Demo/Start`. */
  start?: InputMaybe<OrderDirection>;
  /** Sort by `Demo/Website`. */
  website?: InputMaybe<OrderDirection>;
};

/** Read queries of the Space `Demo`: one `find<Plural>` per Database. */
export type Query = {
  __typename?: 'Query';
  /** Entities of the Database `Demo/Projects` matching all given field filters (AND). */
  findProjects: Array<Project>;
  /** Entities of the Database `Demo/Tasks` matching all given field filters (AND). */
  findTasks: Array<Task>;
};


/** Read queries of the Space `Demo`: one `find<Plural>` per Database. */
export type QueryFindProjectsArgs = {
  active?: InputMaybe<BooleanFilter>;
  budget?: InputMaybe<FloatFilter>;
  createdBy?: InputMaybe<UserFilter>;
  creationDate?: InputMaybe<StringFilter>;
  id?: InputMaybe<IdFilter>;
  leadTask?: InputMaybe<TaskFilter>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  location?: InputMaybe<StringFilter>;
  members?: InputMaybe<UserListFilter>;
  modificationDate?: InputMaybe<StringFilter>;
  name?: InputMaybe<StringFilter>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  orderBy?: InputMaybe<ProjectOrderBy>;
  owner?: InputMaybe<UserFilter>;
  period?: InputMaybe<StringFilter>;
  start?: InputMaybe<StringFilter>;
  tasks?: InputMaybe<TaskListFilter>;
  website?: InputMaybe<StringFilter>;
};


/** Read queries of the Space `Demo`: one `find<Plural>` per Database. */
export type QueryFindTasksArgs = {
  blockedBy?: InputMaybe<TaskListFilter>;
  blocks?: InputMaybe<TaskListFilter>;
  comments?: InputMaybe<CommentListFilter>;
  contact?: InputMaybe<StringFilter>;
  createdBy?: InputMaybe<UserFilter>;
  creationDate?: InputMaybe<StringFilter>;
  done?: InputMaybe<BooleanFilter>;
  due?: InputMaybe<StringFilter>;
  estimate?: InputMaybe<IntFilter>;
  id?: InputMaybe<IdFilter>;
  leads?: InputMaybe<ProjectFilter>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  modificationDate?: InputMaybe<StringFilter>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  orderBy?: InputMaybe<TaskOrderBy>;
  priority?: InputMaybe<StringFilter>;
  project?: InputMaybe<ProjectFilter>;
  status?: InputMaybe<StringFilter>;
  title?: InputMaybe<StringFilter>;
  window?: InputMaybe<StringFilter>;
};

/** Content of a rich text field (a collaborative document), available in several formats. Select only the formats you need: each is converted on request. */
export type RichText = {
  __typename?: 'RichText';
  /** The document as HTML. */
  html: Maybe<Scalars['String']['output']>;
  /** The document as a ProseMirror JSON document serialized into a string (`{"doc": {"type": "doc", "content": [...]}}`); parse it with JSON.parse. */
  jsonString: Maybe<Scalars['String']['output']>;
  /** The document as Markdown. */
  md: Maybe<Scalars['String']['output']>;
  /** The document as plain text, without formatting. */
  text: Maybe<Scalars['String']['output']>;
};

/** Filter for a `String` field (text, url, email, single select, workflow, dates, date-times, ranges, location). All given operators must hold (AND). Comparisons are case sensitive and use Unicode code point order; ISO 8601 dates and timestamps therefore compare chronologically. An operator given as `null` is ignored; use `isNull` to test for a missing value. */
export type StringFilter = {
  /** The value contains this string as a substring. */
  contains?: InputMaybe<Scalars['String']['input']>;
  /** The value is greater than this string. */
  greater?: InputMaybe<Scalars['String']['input']>;
  /** The value is greater than or equal to this string. */
  greaterOrEquals?: InputMaybe<Scalars['String']['input']>;
  /** The value equals one of these strings. */
  in?: InputMaybe<Array<Scalars['String']['input']>>;
  /** The value equals this string. */
  is?: InputMaybe<Scalars['String']['input']>;
  /** The value does not equal this string (Entities with no value match). */
  isNot?: InputMaybe<Scalars['String']['input']>;
  /** true: the field has no value; false: the field has a value. */
  isNull?: InputMaybe<Scalars['Boolean']['input']>;
  /** The value is less than this string. */
  less?: InputMaybe<Scalars['String']['input']>;
  /** The value is less than or equal to this string. */
  lessOrEquals?: InputMaybe<Scalars['String']['input']>;
  /** The value does not contain this string as a substring (Entities with no value match). */
  notContains?: InputMaybe<Scalars['String']['input']>;
  /** The value equals none of these strings (Entities with no value match). */
  notIn?: InputMaybe<Array<Scalars['String']['input']>>;
};

/** An Entity of the Database `Demo/Tasks`. */
export type Task = {
  __typename?: 'Task';
  /** Field `Demo/Attachments` (files). Never null; an empty list when there are none. */
  attachments: Array<File>;
  /** Field `Demo/Blocked-by` (collection of `Demo/Tasks`). Accepts the filter, orderBy, limit and offset arguments of a query of that type. Never null; an empty list when there are none. */
  blockedBy: Array<Task>;
  /** Field `Demo/Blocks` (collection of `Demo/Tasks`). Accepts the filter, orderBy, limit and offset arguments of a query of that type. Never null; an empty list when there are none. */
  blocks: Array<Task>;
  /** Field `comments/comments`: the comments on the Entity (Comments extension). Never null; an empty list when there are none. */
  comments: Array<Comment>;
  /** Field `Demo/Contact` (svc/email). */
  contact: Maybe<Scalars['String']['output']>;
  /** Author of the Entity (`svc/created-by`). */
  createdBy: Maybe<User>;
  /** Creation time (`svc/creation-date`): ISO 8601 UTC timestamp with milliseconds. */
  creationDate: Maybe<Scalars['String']['output']>;
  /** Field `Demo/Done` (svc/bool). */
  done: Maybe<Scalars['Boolean']['output']>;
  /** Field `Demo/Due` (svc/date-time): ISO 8601 UTC timestamp with milliseconds. */
  due: Maybe<Scalars['String']['output']>;
  /** Field `Demo/Estimate` (svc/integer). */
  estimate: Maybe<Scalars['Int']['output']>;
  /** Identifier of the Entity (`svc/id`, a UUID). */
  id: Scalars['ID']['output'];
  /** Field `Demo/Leads` (relation to `Demo/Projects`). */
  leads: Maybe<Project>;
  /** Time of the last modification (`svc/modification-date`): ISO 8601 UTC timestamp with milliseconds. */
  modificationDate: Maybe<Scalars['String']['output']>;
  /** Field `Demo/Notes` (rich text). */
  notes: Maybe<RichText>;
  /** Field `Demo/Priority` (single select or workflow): the name of the chosen option. */
  priority: Maybe<Scalars['String']['output']>;
  /** Field `Demo/Project` (relation to `Demo/Projects`). */
  project: Maybe<Project>;
  /** Field `Demo/Status` (single select or workflow): the name of the chosen option. */
  status: Maybe<Scalars['String']['output']>;
  /** Field `Demo/Tags` (multi select): the names of the chosen options; an empty list when there are none. */
  tags: Maybe<Array<Scalars['String']['output']>>;
  /** Field `Demo/Title` (svc/text). */
  title: Maybe<Scalars['String']['output']>;
  /** Field `Demo/Window` (svc/date-time-range): stringified JSON `{start, end}` of ISO 8601 UTC timestamps. */
  window: Maybe<Scalars['String']['output']>;
};


/** An Entity of the Database `Demo/Tasks`. */
export type TaskBlockedByArgs = {
  blockedBy?: InputMaybe<TaskListFilter>;
  blocks?: InputMaybe<TaskListFilter>;
  comments?: InputMaybe<CommentListFilter>;
  contact?: InputMaybe<StringFilter>;
  createdBy?: InputMaybe<UserFilter>;
  creationDate?: InputMaybe<StringFilter>;
  done?: InputMaybe<BooleanFilter>;
  due?: InputMaybe<StringFilter>;
  estimate?: InputMaybe<IntFilter>;
  id?: InputMaybe<IdFilter>;
  leads?: InputMaybe<ProjectFilter>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  modificationDate?: InputMaybe<StringFilter>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  orderBy?: InputMaybe<TaskOrderBy>;
  priority?: InputMaybe<StringFilter>;
  project?: InputMaybe<ProjectFilter>;
  status?: InputMaybe<StringFilter>;
  title?: InputMaybe<StringFilter>;
  window?: InputMaybe<StringFilter>;
};


/** An Entity of the Database `Demo/Tasks`. */
export type TaskBlocksArgs = {
  blockedBy?: InputMaybe<TaskListFilter>;
  blocks?: InputMaybe<TaskListFilter>;
  comments?: InputMaybe<CommentListFilter>;
  contact?: InputMaybe<StringFilter>;
  createdBy?: InputMaybe<UserFilter>;
  creationDate?: InputMaybe<StringFilter>;
  done?: InputMaybe<BooleanFilter>;
  due?: InputMaybe<StringFilter>;
  estimate?: InputMaybe<IntFilter>;
  id?: InputMaybe<IdFilter>;
  leads?: InputMaybe<ProjectFilter>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  modificationDate?: InputMaybe<StringFilter>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  orderBy?: InputMaybe<TaskOrderBy>;
  priority?: InputMaybe<StringFilter>;
  project?: InputMaybe<ProjectFilter>;
  status?: InputMaybe<StringFilter>;
  title?: InputMaybe<StringFilter>;
  window?: InputMaybe<StringFilter>;
};


/** An Entity of the Database `Demo/Tasks`. */
export type TaskCommentsArgs = {
  author?: InputMaybe<UserFilter>;
  createdBy?: InputMaybe<UserFilter>;
  creationDate?: InputMaybe<StringFilter>;
  id?: InputMaybe<IdFilter>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  modificationDate?: InputMaybe<StringFilter>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  orderBy?: InputMaybe<CommentOrderBy>;
};

/** Filter over a Task (an Entity of `Demo/Tasks`). All given field filters must hold (AND). */
export type TaskFilter = {
  /** Filter on the items of `Demo/Blocked-by` (inner list). */
  blockedBy?: InputMaybe<TaskListFilter>;
  /** Filter on the items of `Demo/Blocks` (inner list). */
  blocks?: InputMaybe<TaskListFilter>;
  /** Filter on the items of `comments/comments` (inner list). */
  comments?: InputMaybe<CommentListFilter>;
  /** Filter on `Demo/Contact`. */
  contact?: InputMaybe<StringFilter>;
  /** Filter on `svc/created-by` (the target's filter). */
  createdBy?: InputMaybe<UserFilter>;
  /** Filter on `svc/creation-date`. */
  creationDate?: InputMaybe<StringFilter>;
  /** Filter on `Demo/Done`. */
  done?: InputMaybe<BooleanFilter>;
  /** Filter on `Demo/Due`. */
  due?: InputMaybe<StringFilter>;
  /** Filter on `Demo/Estimate`. */
  estimate?: InputMaybe<IntFilter>;
  /** Filter on the identifier (`svc/id`). `{id: {isNull: true}}` used as a relation filter matches an empty relation. */
  id?: InputMaybe<IdFilter>;
  /** Filter on `Demo/Leads` (the target's filter). */
  leads?: InputMaybe<ProjectFilter>;
  /** Filter on `svc/modification-date`. */
  modificationDate?: InputMaybe<StringFilter>;
  /** Filter on `Demo/Priority`. */
  priority?: InputMaybe<StringFilter>;
  /** Filter on `Demo/Project` (the target's filter). */
  project?: InputMaybe<ProjectFilter>;
  /** Filter on `Demo/Status`. */
  status?: InputMaybe<StringFilter>;
  /** Filter on `Demo/Title`. */
  title?: InputMaybe<StringFilter>;
  /** Filter on `Demo/Window`. */
  window?: InputMaybe<StringFilter>;
};

/** Filter over an inner list (collection) of Task items. Instance of the `<Database>ListFilter` template. */
export type TaskListFilter = {
  /** Every filter in the list is matched by at least one item (AND). */
  contains?: InputMaybe<Array<TaskFilter>>;
  /** At least one filter in the list is matched by at least one item (OR). */
  containsAny?: InputMaybe<Array<TaskFilter>>;
  /** true: the list has no items; false: the list has at least one item. */
  isEmpty?: InputMaybe<Scalars['Boolean']['input']>;
  /** No filter in the list is matched by any item (AND of "not contains"). */
  notContains?: InputMaybe<Array<TaskFilter>>;
  /** At least one filter in the list is matched by no item (OR of "not contains"). */
  notContainsAny?: InputMaybe<Array<TaskFilter>>;
};

/** Sort keys of a Task. Set one key per object; when several are set they apply in the order declared here. */
export type TaskOrderBy = {
  /** Sort by `Demo/Contact`. */
  contact?: InputMaybe<OrderDirection>;
  /** Sort by a property of `svc/created-by`, for example `{createdBy: {id: ASC}}`. */
  createdBy?: InputMaybe<UserOrderBy>;
  /** Sort by `svc/creation-date`. */
  creationDate?: InputMaybe<OrderDirection>;
  /** Sort by `Demo/Done`. */
  done?: InputMaybe<OrderDirection>;
  /** Sort by `Demo/Due`. */
  due?: InputMaybe<OrderDirection>;
  /** Sort by `Demo/Estimate`. */
  estimate?: InputMaybe<OrderDirection>;
  /** Sort by `svc/id`. */
  id?: InputMaybe<OrderDirection>;
  /** Sort by a property of `Demo/Leads`, for example `{leads: {id: ASC}}`. */
  leads?: InputMaybe<ProjectOrderBy>;
  /** Sort by `svc/modification-date`. */
  modificationDate?: InputMaybe<OrderDirection>;
  /** Sort by `Demo/Priority`. */
  priority?: InputMaybe<OrderDirection>;
  /** Sort by a property of `Demo/Project`, for example `{project: {id: ASC}}`. */
  project?: InputMaybe<ProjectOrderBy>;
  /** Sort by `Demo/Status`. */
  status?: InputMaybe<OrderDirection>;
  /** Sort by `Demo/Title`. */
  title?: InputMaybe<OrderDirection>;
  /** Sort by `Demo/Window`. */
  window?: InputMaybe<OrderDirection>;
};

/** A user of the workspace (record of the `svc/user` type). Target of `createdBy` and of people relations. */
export type User = {
  __typename?: 'User';
  /** E-mail address of the user. */
  email: Maybe<Scalars['String']['output']>;
  /** Identifier of the user (`svc/id`, a UUID). */
  id: Scalars['ID']['output'];
  /** Display name of the user. */
  name: Maybe<Scalars['String']['output']>;
};

/** Filter over a user (used by `createdBy` and people relations). All given field filters must hold (AND). */
export type UserFilter = {
  /** Filter on the user's e-mail address. */
  email?: InputMaybe<StringFilter>;
  /** Filter on the user's identifier. */
  id?: InputMaybe<IdFilter>;
  /** Filter on the user's display name. */
  name?: InputMaybe<StringFilter>;
};

/** Filter over an inner list of users (a many-to-many people relation). Instance of the `<Database>ListFilter` template for `User`. */
export type UserListFilter = {
  /** Every filter in the list is matched by at least one user (AND). */
  contains?: InputMaybe<Array<UserFilter>>;
  /** At least one filter in the list is matched by at least one user (OR). */
  containsAny?: InputMaybe<Array<UserFilter>>;
  /** true: the list has no users; false: the list has at least one user. */
  isEmpty?: InputMaybe<Scalars['Boolean']['input']>;
  /** No filter in the list is matched by any user (AND of "not contains"). */
  notContains?: InputMaybe<Array<UserFilter>>;
  /** At least one filter in the list is matched by no user (OR of "not contains"). */
  notContainsAny?: InputMaybe<Array<UserFilter>>;
};

/** Sort keys of a user (used by `createdBy` and people relations, for example `orderBy: {createdBy: {email: ASC}}`). Set one key per object; when several are set they apply in the order declared here. */
export type UserOrderBy = {
  /** Sort by the user's e-mail address. */
  email?: InputMaybe<OrderDirection>;
  /** Sort by the user's identifier. */
  id?: InputMaybe<OrderDirection>;
  /** Sort by the user's display name. */
  name?: InputMaybe<OrderDirection>;
};

export type OpenTasksQueryVariables = Exact<{
  limit?: number | null | undefined;
  projectName?: string | null | undefined;
}>;


export type OpenTasksQuery = { findTasks: Array<{ id: string, title: string | null, estimate: number | null, due: string | null, priority: string | null, tags: Array<string> | null, project: { id: string, name: string | null } | null, createdBy: { email: string | null } | null, attachments: Array<{ name: string | null, url: string | null, urlExpiresAt: string | null }>, notes: { md: string | null } | null }> };

export type ProjectsWithBigTasksQueryVariables = Exact<{
  minEstimate: number;
  taskLimit?: number | null | undefined;
}>;


export type ProjectsWithBigTasksQuery = { findProjects: Array<{ id: string, name: string | null, budget: number | null, owner: { email: string | null } | null, tasks: Array<{ title: string | null, estimate: number | null, status: string | null }> }> };

export type TaskCommentsQueryVariables = Exact<{
  id: string;
}>;


export type TaskCommentsQuery = { findTasks: Array<{ title: string | null, comments: Array<{ id: string, creationDate: string | null, author: { name: string | null } | null, content: { text: string | null, html: string | null } | null }> }> };

export type TaskPagesQueryVariables = Exact<{
  pageSize: number;
}>;


export type TaskPagesQuery = { first: Array<{ id: string, title: string | null, status: string | null }>, second: Array<{ id: string, title: string | null, status: string | null }> };

export type TaskLineFragment = { id: string, title: string | null, status: string | null };
