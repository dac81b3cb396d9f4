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

/** A file stored in a file field. File fields have the type `[File!]!` (an empty list when the field holds no file). */
export type File = {
  __typename?: 'File';
  /** File name, including its extension. */
  name?: Maybe<Scalars['String']['output']>;
  /** Signed download address of the file. It is valid for 60 minutes after the response was produced; request the field again for a fresh address. */
  url?: Maybe<Scalars['String']['output']>;
  /** End of validity of `url`: ISO 8601 UTC timestamp with milliseconds (`YYYY-MM-DDTHH:MM:SS.sssZ`), 60 minutes after the address was signed. */
  urlExpiresAt?: Maybe<Scalars['String']['output']>;
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
  /** Author of the Entity (`svc/created-by`). */
  createdBy?: Maybe<User>;
  /** Creation time (`svc/creation-date`): ISO 8601 UTC timestamp with milliseconds. */
  creationDate?: Maybe<Scalars['String']['output']>;
  /** Identifier of the Entity (`svc/id`, a UUID). */
  id: Scalars['ID']['output'];
  /** Time of the last modification (`svc/modification-date`): ISO 8601 UTC timestamp with milliseconds. */
  modificationDate?: Maybe<Scalars['String']['output']>;
  /** Field `Demo/Name` (svc/text, title of the Database). */
  name?: Maybe<Scalars['String']['output']>;
  /** Field `Demo/Tasks`: the Tasks whose `project` is this Project (collection, other end of `Demo/Tasks`' `Demo/Project`). Accepts the same filter, orderBy, limit and offset arguments as `findTasks`. Never null; an empty list when there are none. */
  tasks: Array<Task>;
};


/** An Entity of the Database `Demo/Projects`. */
export type ProjectTasksArgs = {
  budget?: InputMaybe<FloatFilter>;
  createdBy?: InputMaybe<UserFilter>;
  creationDate?: InputMaybe<StringFilter>;
  done?: InputMaybe<BooleanFilter>;
  dueDate?: InputMaybe<StringFilter>;
  estimate?: InputMaybe<IntFilter>;
  id?: InputMaybe<IdFilter>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  modificationDate?: InputMaybe<StringFilter>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  orderBy?: InputMaybe<TaskOrderBy>;
  project?: InputMaybe<ProjectFilter>;
  title?: InputMaybe<StringFilter>;
};

/** Filter over a Project (an Entity of `Demo/Projects`). All given field filters must hold (AND). */
export type ProjectFilter = {
  /** Filter on the author. */
  createdBy?: InputMaybe<UserFilter>;
  /** Filter on the creation time. */
  creationDate?: InputMaybe<StringFilter>;
  /** Filter on the identifier. `{id: {isNull: true}}` used as a relation filter matches an empty relation. */
  id?: InputMaybe<IdFilter>;
  /** Filter on the last modification time. */
  modificationDate?: InputMaybe<StringFilter>;
  /** Filter on the name. */
  name?: InputMaybe<StringFilter>;
  /** Filter on the Project's Tasks (inner list). */
  tasks?: InputMaybe<TaskListFilter>;
};

/** Filter over an inner list (collection) of Projects. Instance of the `<Database>ListFilter` template. */
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
  /** Sort by a property of the author, for example `{createdBy: {email: ASC}}`. */
  createdBy?: InputMaybe<UserOrderBy>;
  /** Sort by creation time. */
  creationDate?: InputMaybe<OrderDirection>;
  /** Sort by identifier. */
  id?: InputMaybe<OrderDirection>;
  /** Sort by last modification time. */
  modificationDate?: InputMaybe<OrderDirection>;
  /** Sort by name. */
  name?: InputMaybe<OrderDirection>;
};

/** Read queries of the Space `Demo`: one `find<Plural>` per Database. */
export type Query = {
  __typename?: 'Query';
  /** Projects of the Database `Demo/Projects` matching all given field filters (AND). */
  findProjects: Array<Project>;
  /** Tasks of the Database `Demo/Tasks` matching all given field filters (AND). */
  findTasks: Array<Task>;
};


/** Read queries of the Space `Demo`: one `find<Plural>` per Database. */
export type QueryFindProjectsArgs = {
  createdBy?: InputMaybe<UserFilter>;
  creationDate?: InputMaybe<StringFilter>;
  id?: InputMaybe<IdFilter>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  modificationDate?: InputMaybe<StringFilter>;
  name?: InputMaybe<StringFilter>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  orderBy?: InputMaybe<ProjectOrderBy>;
  tasks?: InputMaybe<TaskListFilter>;
};


/** Read queries of the Space `Demo`: one `find<Plural>` per Database. */
export type QueryFindTasksArgs = {
  budget?: InputMaybe<FloatFilter>;
  createdBy?: InputMaybe<UserFilter>;
  creationDate?: InputMaybe<StringFilter>;
  done?: InputMaybe<BooleanFilter>;
  dueDate?: InputMaybe<StringFilter>;
  estimate?: InputMaybe<IntFilter>;
  id?: InputMaybe<IdFilter>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  modificationDate?: InputMaybe<StringFilter>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  orderBy?: InputMaybe<TaskOrderBy>;
  project?: InputMaybe<ProjectFilter>;
  title?: InputMaybe<StringFilter>;
};

/** Content of a rich text field (a collaborative document), available in several formats. Select only the formats you need: each is converted on request. */
export type RichText = {
  __typename?: 'RichText';
  /** The document as HTML. */
  html?: Maybe<Scalars['String']['output']>;
  /** The document as a ProseMirror JSON document serialized into a string (`{"doc": {"type": "doc", "content": [...]}}`); parse it with JSON.parse. */
  jsonString?: Maybe<Scalars['String']['output']>;
  /** The document as Markdown. */
  md?: Maybe<Scalars['String']['output']>;
  /** The document as plain text, without formatting. */
  text?: Maybe<Scalars['String']['output']>;
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
  /** Field `Demo/Budget` (svc/decimal). */
  budget?: Maybe<Scalars['Float']['output']>;
  /** Author of the Entity (`svc/created-by`). */
  createdBy?: Maybe<User>;
  /** Creation time (`svc/creation-date`): ISO 8601 UTC timestamp with milliseconds. */
  creationDate?: Maybe<Scalars['String']['output']>;
  /** Field `Demo/Done` (svc/bool). */
  done?: Maybe<Scalars['Boolean']['output']>;
  /** Field `Demo/Due date` (svc/date-time): ISO 8601 UTC timestamp with milliseconds. */
  dueDate?: Maybe<Scalars['String']['output']>;
  /** Field `Demo/Estimate` (svc/integer). */
  estimate?: Maybe<Scalars['Int']['output']>;
  /** Identifier of the Entity (`svc/id`, a UUID). */
  id: Scalars['ID']['output'];
  /** Time of the last modification (`svc/modification-date`): ISO 8601 UTC timestamp with milliseconds. */
  modificationDate?: Maybe<Scalars['String']['output']>;
  /** Field `Demo/Notes` (rich text). */
  notes?: Maybe<RichText>;
  /** Field `Demo/Project` (many-to-one relation to `Demo/Projects`). */
  project?: Maybe<Project>;
  /** Field `Demo/Title` (svc/text, title of the Database). */
  title?: Maybe<Scalars['String']['output']>;
};

/** Filter over a Task (an Entity of `Demo/Tasks`). All given field filters must hold (AND). */
export type TaskFilter = {
  /** Filter on the budget. */
  budget?: InputMaybe<FloatFilter>;
  /** Filter on the author. */
  createdBy?: InputMaybe<UserFilter>;
  /** Filter on the creation time. */
  creationDate?: InputMaybe<StringFilter>;
  /** Filter on the done flag. */
  done?: InputMaybe<BooleanFilter>;
  /** Filter on the due date. */
  dueDate?: InputMaybe<StringFilter>;
  /** Filter on the estimate. */
  estimate?: InputMaybe<IntFilter>;
  /** Filter on the identifier. `{id: {isNull: true}}` used as a relation filter matches an empty relation. */
  id?: InputMaybe<IdFilter>;
  /** Filter on the last modification time. */
  modificationDate?: InputMaybe<StringFilter>;
  /** Filter on the project (the target's filter). */
  project?: InputMaybe<ProjectFilter>;
  /** Filter on the title. */
  title?: InputMaybe<StringFilter>;
};

/** Filter over an inner list (collection) of Tasks. Instance of the `<Database>ListFilter` template, used by `Project.tasks`. */
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
  /** Sort by budget. */
  budget?: InputMaybe<OrderDirection>;
  /** Sort by a property of the author, for example `{createdBy: {email: ASC}}`. */
  createdBy?: InputMaybe<UserOrderBy>;
  /** Sort by creation time. */
  creationDate?: InputMaybe<OrderDirection>;
  /** Sort by done flag. */
  done?: InputMaybe<OrderDirection>;
  /** Sort by due date. */
  dueDate?: InputMaybe<OrderDirection>;
  /** Sort by estimate. */
  estimate?: InputMaybe<OrderDirection>;
  /** Sort by identifier. */
  id?: InputMaybe<OrderDirection>;
  /** Sort by last modification time. */
  modificationDate?: InputMaybe<OrderDirection>;
  /** Sort by a property of the project, for example `{project: {name: ASC}}`. */
  project?: InputMaybe<ProjectOrderBy>;
  /** Sort by title. */
  title?: InputMaybe<OrderDirection>;
};

/** A user of the workspace (record of the `svc/user` type). Target of `createdBy` and of people relations. */
export type User = {
  __typename?: 'User';
  /** E-mail address of the user. */
  email?: Maybe<Scalars['String']['output']>;
  /** Identifier of the user (`svc/id`, a UUID). */
  id: Scalars['ID']['output'];
  /** Display name of the user. */
  name?: Maybe<Scalars['String']['output']>;
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
