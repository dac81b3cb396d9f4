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

/** One item of the `data` list of `appendContentTo<Field>Batch`, `prependContentTo<Field>Batch` and `overwrite<Field>Batch`: the arguments of one such action. */
export type ContentInput = {
  /** The content, as Markdown. */
  value: Scalars['String']['input'];
};

/** An Entity of the Database `Demo/Projects`. */
export type DemoProject = {
  __typename?: 'DemoProject';
  /** Author of the Entity (`svc/created-by`). */
  createdBy?: Maybe<SvcUser>;
  /** Creation time (`svc/creation-date`): ISO 8601 UTC timestamp with milliseconds. */
  creationDate?: Maybe<Scalars['String']['output']>;
  /** Identifier of the Entity (`svc/id`, a UUID). */
  id: Scalars['ID']['output'];
  /** Time of the last modification (`svc/modification-date`): ISO 8601 UTC timestamp with milliseconds. */
  modificationDate?: Maybe<Scalars['String']['output']>;
  /** Field `Demo/Name` (svc/text). */
  name?: Maybe<Scalars['String']['output']>;
  /** Public identifier of the Entity (`svc/public-id`), a number written as a string. */
  publicId?: Maybe<Scalars['String']['output']>;
  /** Rank of the Entity (`svc/rank`); null where the type has no rank. */
  rank?: Maybe<Scalars['Float']['output']>;
  /** Field `Demo/Tasks` (collection of `Demo/Tasks`). Accepts the filter, orderBy, limit and offset arguments of a query of that type. Never null; an empty list when there are none. */
  tasks: Array<DemoTask>;
};


/** An Entity of the Database `Demo/Projects`. */
export type DemoProjectTasksArgs = {
  budget?: InputMaybe<FloatFilter>;
  createdBy?: InputMaybe<SvcUserFilter>;
  creationDate?: InputMaybe<StringFilter>;
  done?: InputMaybe<BooleanFilter>;
  dueDate?: InputMaybe<StringFilter>;
  estimate?: InputMaybe<IntFilter>;
  id?: InputMaybe<IdFilter>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  modificationDate?: InputMaybe<StringFilter>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  orderBy?: InputMaybe<DemoTaskOrder>;
  project?: InputMaybe<DemoProjectFilter>;
  publicId?: InputMaybe<StringFilter>;
  rank?: InputMaybe<FloatFilter>;
  state?: InputMaybe<WorkflowStateDemoTasksFilter>;
  title?: InputMaybe<StringFilter>;
};

/** Filter over an inner list (collection) of Project items. Instance of the `<Type>CollectionFilter` template. */
export type DemoProjectCollectionFilter = {
  /** Every filter in the list is matched by at least one item (AND). */
  contains?: InputMaybe<Array<DemoProjectFilter>>;
  /** At least one filter in the list is matched by at least one item (OR). */
  containsAny?: InputMaybe<Array<DemoProjectFilter>>;
  /** true: the list has no items; false: the list has at least one item. */
  isEmpty?: InputMaybe<Scalars['Boolean']['input']>;
  /** No filter in the list is matched by any item (AND of "not contains"). */
  notContains?: InputMaybe<Array<DemoProjectFilter>>;
  /** At least one filter in the list is matched by no item (OR of "not contains"). */
  notContainsAny?: InputMaybe<Array<DemoProjectFilter>>;
};

/** Filter over a Project (an Entity of `Demo/Projects`). All given field filters must hold (AND). */
export type DemoProjectFilter = {
  /** Filter on `svc/created-by` (the target's filter). */
  createdBy?: InputMaybe<SvcUserFilter>;
  /** Filter on `svc/creation-date`. */
  creationDate?: InputMaybe<StringFilter>;
  /** Filter on the identifier (`svc/id`). `{id: {isNull: true}}` used as a relation filter matches an empty relation. */
  id?: InputMaybe<IdFilter>;
  /** Take at most this many of the matching Project items (without it: all of them). Only where the filter selects Entities (a relation value of a mutation); refused inside a find filter. */
  limit?: InputMaybe<Scalars['Int']['input']>;
  /** Filter on `svc/modification-date`. */
  modificationDate?: InputMaybe<StringFilter>;
  /** Filter on `Demo/Name`. */
  name?: InputMaybe<StringFilter>;
  /** Skip this many of the matching Project items first. Only where the filter selects Entities (a relation value of a mutation); refused inside a find filter. */
  offset?: InputMaybe<Scalars['Int']['input']>;
  /** Order in which the matching Project items are taken. Only where the filter selects Entities (a relation value of a mutation); refused inside a find filter. */
  orderBy?: InputMaybe<DemoProjectOrder>;
  /** Filter on `svc/public-id`. */
  publicId?: InputMaybe<StringFilter>;
  /** Filter on `svc/rank`. */
  rank?: InputMaybe<FloatFilter>;
  /** Filter on the items of `Demo/Tasks` (inner list). */
  tasks?: InputMaybe<DemoTaskCollectionFilter>;
};

/** Values of a Project (`Demo/Projects`) for `create` and `update`: the arguments of `create` as one object. A field left out is not written. */
export type DemoProjectInput = {
  /** Value of `Demo/Name`; null clears it. */
  name?: InputMaybe<Scalars['String']['input']>;
  /** Value of `Demo/Tasks`: the Task items matching any of these filters (each must match at least one). */
  tasks?: InputMaybe<Array<DemoTaskFilter>>;
};

/** Actions on the `Demo/Projects` Entities the mutation selects, run in the order written: on the Entities created by an earlier `create` or `createBatch` of the same mutation field, else on those matching its filter arguments. Each answers a `MutationResult`. */
export type DemoProjectOperations = {
  __typename?: 'DemoProjectOperations';
  /** Creates, for every selected Project, one Task with the given values and adds it to its `Demo/Tasks`. The result names the Task items created. */
  addTasksItem: MutationResult;
  /** Creates one Project with the given values. The actions after it act on the Entity created. */
  create: MutationResult;
  /** Creates one Project per item of `data`. The actions after it act on the Entities created. */
  createBatch: MutationResult;
  /** Deletes every selected Project. */
  delete: MutationResult;
  /** Deletes the Task items in `Demo/Tasks` of every selected Project that match the filter (without arguments: all of them). */
  deleteTasks: MutationResult;
  /** Adds to `Demo/Tasks` of every selected Project the Task items matching the filter (at least one must). */
  linkTasks: MutationResult;
  /** Removes from `Demo/Tasks` of every selected Project the Task items matching the filter (without arguments: all of them). */
  unlinkTasks: MutationResult;
  /** Sets the given values on every selected Project (null clears a value; a field left out is kept). */
  update: MutationResult;
  /** Runs `update` once per item of `data`, in order, on the selected Project items. */
  updateBatch: MutationResult;
  /** Sets the given values on every Task linked by `Demo/Tasks` of the selected Project items (null clears a value; a field left out is kept). */
  updateTasks: MutationResult;
};


/** Actions on the `Demo/Projects` Entities the mutation selects, run in the order written: on the Entities created by an earlier `create` or `createBatch` of the same mutation field, else on those matching its filter arguments. Each answers a `MutationResult`. */
export type DemoProjectOperationsAddTasksItemArgs = {
  budget?: InputMaybe<Scalars['Float']['input']>;
  done?: InputMaybe<Scalars['Boolean']['input']>;
  dueDate?: InputMaybe<Scalars['String']['input']>;
  estimate?: InputMaybe<Scalars['Int']['input']>;
  notes?: InputMaybe<Scalars['String']['input']>;
  project?: InputMaybe<DemoProjectFilter>;
  state?: InputMaybe<WorkflowStateDemoTasksFilter>;
  title?: InputMaybe<Scalars['String']['input']>;
};


/** Actions on the `Demo/Projects` Entities the mutation selects, run in the order written: on the Entities created by an earlier `create` or `createBatch` of the same mutation field, else on those matching its filter arguments. Each answers a `MutationResult`. */
export type DemoProjectOperationsCreateArgs = {
  name?: InputMaybe<Scalars['String']['input']>;
  tasks?: InputMaybe<Array<DemoTaskFilter>>;
};


/** Actions on the `Demo/Projects` Entities the mutation selects, run in the order written: on the Entities created by an earlier `create` or `createBatch` of the same mutation field, else on those matching its filter arguments. Each answers a `MutationResult`. */
export type DemoProjectOperationsCreateBatchArgs = {
  data: Array<DemoProjectInput>;
};


/** Actions on the `Demo/Projects` Entities the mutation selects, run in the order written: on the Entities created by an earlier `create` or `createBatch` of the same mutation field, else on those matching its filter arguments. Each answers a `MutationResult`. */
export type DemoProjectOperationsDeleteTasksArgs = {
  budget?: InputMaybe<FloatFilter>;
  createdBy?: InputMaybe<SvcUserFilter>;
  creationDate?: InputMaybe<StringFilter>;
  done?: InputMaybe<BooleanFilter>;
  dueDate?: InputMaybe<StringFilter>;
  estimate?: InputMaybe<IntFilter>;
  id?: InputMaybe<IdFilter>;
  modificationDate?: InputMaybe<StringFilter>;
  project?: InputMaybe<DemoProjectFilter>;
  publicId?: InputMaybe<StringFilter>;
  rank?: InputMaybe<FloatFilter>;
  state?: InputMaybe<WorkflowStateDemoTasksFilter>;
  title?: InputMaybe<StringFilter>;
};


/** Actions on the `Demo/Projects` Entities the mutation selects, run in the order written: on the Entities created by an earlier `create` or `createBatch` of the same mutation field, else on those matching its filter arguments. Each answers a `MutationResult`. */
export type DemoProjectOperationsLinkTasksArgs = {
  budget?: InputMaybe<FloatFilter>;
  createdBy?: InputMaybe<SvcUserFilter>;
  creationDate?: InputMaybe<StringFilter>;
  done?: InputMaybe<BooleanFilter>;
  dueDate?: InputMaybe<StringFilter>;
  estimate?: InputMaybe<IntFilter>;
  id?: InputMaybe<IdFilter>;
  modificationDate?: InputMaybe<StringFilter>;
  project?: InputMaybe<DemoProjectFilter>;
  publicId?: InputMaybe<StringFilter>;
  rank?: InputMaybe<FloatFilter>;
  state?: InputMaybe<WorkflowStateDemoTasksFilter>;
  title?: InputMaybe<StringFilter>;
};


/** Actions on the `Demo/Projects` Entities the mutation selects, run in the order written: on the Entities created by an earlier `create` or `createBatch` of the same mutation field, else on those matching its filter arguments. Each answers a `MutationResult`. */
export type DemoProjectOperationsUnlinkTasksArgs = {
  budget?: InputMaybe<FloatFilter>;
  createdBy?: InputMaybe<SvcUserFilter>;
  creationDate?: InputMaybe<StringFilter>;
  done?: InputMaybe<BooleanFilter>;
  dueDate?: InputMaybe<StringFilter>;
  estimate?: InputMaybe<IntFilter>;
  id?: InputMaybe<IdFilter>;
  modificationDate?: InputMaybe<StringFilter>;
  project?: InputMaybe<DemoProjectFilter>;
  publicId?: InputMaybe<StringFilter>;
  rank?: InputMaybe<FloatFilter>;
  state?: InputMaybe<WorkflowStateDemoTasksFilter>;
  title?: InputMaybe<StringFilter>;
};


/** Actions on the `Demo/Projects` Entities the mutation selects, run in the order written: on the Entities created by an earlier `create` or `createBatch` of the same mutation field, else on those matching its filter arguments. Each answers a `MutationResult`. */
export type DemoProjectOperationsUpdateArgs = {
  name?: InputMaybe<Scalars['String']['input']>;
  tasks?: InputMaybe<Array<DemoTaskFilter>>;
};


/** Actions on the `Demo/Projects` Entities the mutation selects, run in the order written: on the Entities created by an earlier `create` or `createBatch` of the same mutation field, else on those matching its filter arguments. Each answers a `MutationResult`. */
export type DemoProjectOperationsUpdateBatchArgs = {
  data: Array<DemoProjectInput>;
};


/** Actions on the `Demo/Projects` Entities the mutation selects, run in the order written: on the Entities created by an earlier `create` or `createBatch` of the same mutation field, else on those matching its filter arguments. Each answers a `MutationResult`. */
export type DemoProjectOperationsUpdateTasksArgs = {
  budget?: InputMaybe<Scalars['Float']['input']>;
  done?: InputMaybe<Scalars['Boolean']['input']>;
  dueDate?: InputMaybe<Scalars['String']['input']>;
  estimate?: InputMaybe<Scalars['Int']['input']>;
  notes?: InputMaybe<Scalars['String']['input']>;
  project?: InputMaybe<DemoProjectFilter>;
  state?: InputMaybe<WorkflowStateDemoTasksFilter>;
  title?: InputMaybe<Scalars['String']['input']>;
};

/** Sort keys of a Project. Set one key per object; when several are set they apply in the order declared here. */
export type DemoProjectOrder = {
  /** Sort by a property of `svc/created-by`, for example `{createdBy: {id: ASC}}`. */
  createdBy?: InputMaybe<SvcUserOrder>;
  /** Sort by `svc/creation-date`. */
  creationDate?: InputMaybe<Order>;
  /** Sort by `svc/id`. */
  id?: InputMaybe<Order>;
  /** Sort by `svc/modification-date`. */
  modificationDate?: InputMaybe<Order>;
  /** Sort by `Demo/Name`. */
  name?: InputMaybe<Order>;
  /** Sort by `svc/public-id`. */
  publicId?: InputMaybe<Order>;
  /** Sort by `svc/rank`. */
  rank?: InputMaybe<Order>;
};

/** An Entity of the Database `Demo/Tasks`. */
export type DemoTask = {
  __typename?: 'DemoTask';
  /** Field `Demo/Attachments` (files). Never null; an empty list when there are none. */
  attachments: Array<File>;
  /** Field `Demo/Budget` (svc/decimal). */
  budget?: Maybe<Scalars['Float']['output']>;
  /** Author of the Entity (`svc/created-by`). */
  createdBy?: Maybe<SvcUser>;
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
  notes?: Maybe<RichField>;
  /** Field `Demo/Project` (relation to `Demo/Projects`). */
  project?: Maybe<DemoProject>;
  /** Public identifier of the Entity (`svc/public-id`), a number written as a string. */
  publicId?: Maybe<Scalars['String']['output']>;
  /** Rank of the Entity (`svc/rank`); null where the type has no rank. */
  rank?: Maybe<Scalars['Float']['output']>;
  /** Field `Demo/State` (workflow, options of `workflow/state_Demo/Tasks`): the chosen option. */
  state?: Maybe<WorkflowStateDemoTasks>;
  /** Field `Demo/Title` (svc/text). */
  title?: Maybe<Scalars['String']['output']>;
};

/** Filter over an inner list (collection) of Task items. Instance of the `<Type>CollectionFilter` template. */
export type DemoTaskCollectionFilter = {
  /** Every filter in the list is matched by at least one item (AND). */
  contains?: InputMaybe<Array<DemoTaskFilter>>;
  /** At least one filter in the list is matched by at least one item (OR). */
  containsAny?: InputMaybe<Array<DemoTaskFilter>>;
  /** true: the list has no items; false: the list has at least one item. */
  isEmpty?: InputMaybe<Scalars['Boolean']['input']>;
  /** No filter in the list is matched by any item (AND of "not contains"). */
  notContains?: InputMaybe<Array<DemoTaskFilter>>;
  /** At least one filter in the list is matched by no item (OR of "not contains"). */
  notContainsAny?: InputMaybe<Array<DemoTaskFilter>>;
};

/** Filter over a Task (an Entity of `Demo/Tasks`). All given field filters must hold (AND). */
export type DemoTaskFilter = {
  /** Filter on `Demo/Budget`. */
  budget?: InputMaybe<FloatFilter>;
  /** Filter on `svc/created-by` (the target's filter). */
  createdBy?: InputMaybe<SvcUserFilter>;
  /** Filter on `svc/creation-date`. */
  creationDate?: InputMaybe<StringFilter>;
  /** Filter on `Demo/Done`. */
  done?: InputMaybe<BooleanFilter>;
  /** Filter on `Demo/Due date`. */
  dueDate?: InputMaybe<StringFilter>;
  /** Filter on `Demo/Estimate`. */
  estimate?: InputMaybe<IntFilter>;
  /** Filter on the identifier (`svc/id`). `{id: {isNull: true}}` used as a relation filter matches an empty relation. */
  id?: InputMaybe<IdFilter>;
  /** Take at most this many of the matching Task items (without it: all of them). Only where the filter selects Entities (a relation value of a mutation); refused inside a find filter. */
  limit?: InputMaybe<Scalars['Int']['input']>;
  /** Filter on `svc/modification-date`. */
  modificationDate?: InputMaybe<StringFilter>;
  /** Skip this many of the matching Task items first. Only where the filter selects Entities (a relation value of a mutation); refused inside a find filter. */
  offset?: InputMaybe<Scalars['Int']['input']>;
  /** Order in which the matching Task items are taken. Only where the filter selects Entities (a relation value of a mutation); refused inside a find filter. */
  orderBy?: InputMaybe<DemoTaskOrder>;
  /** Filter on `Demo/Project` (the target's filter). */
  project?: InputMaybe<DemoProjectFilter>;
  /** Filter on `svc/public-id`. */
  publicId?: InputMaybe<StringFilter>;
  /** Filter on `svc/rank`. */
  rank?: InputMaybe<FloatFilter>;
  /** Filter on `Demo/State` (the target's filter). */
  state?: InputMaybe<WorkflowStateDemoTasksFilter>;
  /** Filter on `Demo/Title`. */
  title?: InputMaybe<StringFilter>;
};

/** Values of a Task (`Demo/Tasks`) for `create` and `update`: the arguments of `create` as one object. A field left out is not written. */
export type DemoTaskInput = {
  /** Value of `Demo/Budget`; null clears it. */
  budget?: InputMaybe<Scalars['Float']['input']>;
  /** Value of `Demo/Done`; null clears it. */
  done?: InputMaybe<Scalars['Boolean']['input']>;
  /** Value of `Demo/Due date`; null clears it. */
  dueDate?: InputMaybe<Scalars['String']['input']>;
  /** Value of `Demo/Estimate`; null clears it. */
  estimate?: InputMaybe<Scalars['Int']['input']>;
  /** Content of `Demo/Notes`, as Markdown (replaces the document's content). */
  notes?: InputMaybe<Scalars['String']['input']>;
  /** Value of `Demo/Project`: the one Project matching this filter; null clears it. */
  project?: InputMaybe<DemoProjectFilter>;
  /** Value of `Demo/State`: the one option matching this filter; null clears it. */
  state?: InputMaybe<WorkflowStateDemoTasksFilter>;
  /** Value of `Demo/Title`; null clears it. */
  title?: InputMaybe<Scalars['String']['input']>;
};

/** Actions on the `Demo/Tasks` Entities the mutation selects, run in the order written: on the Entities created by an earlier `create` or `createBatch` of the same mutation field, else on those matching its filter arguments. Each answers a `MutationResult`. */
export type DemoTaskOperations = {
  __typename?: 'DemoTaskOperations';
  /** Creates, for every selected Task, one Project with the given values and sets its `Demo/Project` to it. The result names the Project items created. */
  addProject: MutationResult;
  /** Appends the Markdown to `Demo/Notes` of every selected Task. */
  appendContentToNotes: MutationResult;
  /** Runs `appendContentToNotes` once per item of `data`, in order. */
  appendContentToNotesBatch: MutationResult;
  /** Creates one Task with the given values. The actions after it act on the Entity created. */
  create: MutationResult;
  /** Creates one Task per item of `data`. The actions after it act on the Entities created. */
  createBatch: MutationResult;
  /** Deletes every selected Task. */
  delete: MutationResult;
  /** Deletes the Project that `Demo/Project` of every selected Task links to. */
  deleteProject: MutationResult;
  /** Sets `Demo/Project` of every selected Task to the one Project matching the filter. */
  linkProject: MutationResult;
  /** Sets `Demo/State` of every selected Task to the one option matching the filter. */
  linkState: MutationResult;
  /** Replaces with the Markdown the content of `Demo/Notes` of every selected Task. */
  overwriteNotes: MutationResult;
  /** Runs `overwriteNotes` once per item of `data`, in order. */
  overwriteNotesBatch: MutationResult;
  /** Puts the Markdown before the content of `Demo/Notes` of every selected Task. */
  prependContentToNotes: MutationResult;
  /** Runs `prependContentToNotes` once per item of `data`, in order. */
  prependContentToNotesBatch: MutationResult;
  /** Removes from `Demo/Project` of every selected Task the Project items matching the filter (without arguments: all of them). */
  unlinkProject: MutationResult;
  /** Removes from `Demo/State` of every selected Task the option items matching the filter (without arguments: all of them). */
  unlinkState: MutationResult;
  /** Sets the given values on every selected Task (null clears a value; a field left out is kept). */
  update: MutationResult;
  /** Runs `update` once per item of `data`, in order, on the selected Task items. */
  updateBatch: MutationResult;
  /** Sets the given values on every Project linked by `Demo/Project` of the selected Task items (null clears a value; a field left out is kept). */
  updateProject: MutationResult;
};


/** Actions on the `Demo/Tasks` Entities the mutation selects, run in the order written: on the Entities created by an earlier `create` or `createBatch` of the same mutation field, else on those matching its filter arguments. Each answers a `MutationResult`. */
export type DemoTaskOperationsAddProjectArgs = {
  name?: InputMaybe<Scalars['String']['input']>;
  tasks?: InputMaybe<Array<DemoTaskFilter>>;
};


/** Actions on the `Demo/Tasks` Entities the mutation selects, run in the order written: on the Entities created by an earlier `create` or `createBatch` of the same mutation field, else on those matching its filter arguments. Each answers a `MutationResult`. */
export type DemoTaskOperationsAppendContentToNotesArgs = {
  value: Scalars['String']['input'];
};


/** Actions on the `Demo/Tasks` Entities the mutation selects, run in the order written: on the Entities created by an earlier `create` or `createBatch` of the same mutation field, else on those matching its filter arguments. Each answers a `MutationResult`. */
export type DemoTaskOperationsAppendContentToNotesBatchArgs = {
  data: Array<ContentInput>;
};


/** Actions on the `Demo/Tasks` Entities the mutation selects, run in the order written: on the Entities created by an earlier `create` or `createBatch` of the same mutation field, else on those matching its filter arguments. Each answers a `MutationResult`. */
export type DemoTaskOperationsCreateArgs = {
  budget?: InputMaybe<Scalars['Float']['input']>;
  done?: InputMaybe<Scalars['Boolean']['input']>;
  dueDate?: InputMaybe<Scalars['String']['input']>;
  estimate?: InputMaybe<Scalars['Int']['input']>;
  notes?: InputMaybe<Scalars['String']['input']>;
  project?: InputMaybe<DemoProjectFilter>;
  state?: InputMaybe<WorkflowStateDemoTasksFilter>;
  title?: InputMaybe<Scalars['String']['input']>;
};


/** Actions on the `Demo/Tasks` Entities the mutation selects, run in the order written: on the Entities created by an earlier `create` or `createBatch` of the same mutation field, else on those matching its filter arguments. Each answers a `MutationResult`. */
export type DemoTaskOperationsCreateBatchArgs = {
  data: Array<DemoTaskInput>;
};


/** Actions on the `Demo/Tasks` Entities the mutation selects, run in the order written: on the Entities created by an earlier `create` or `createBatch` of the same mutation field, else on those matching its filter arguments. Each answers a `MutationResult`. */
export type DemoTaskOperationsLinkProjectArgs = {
  createdBy?: InputMaybe<SvcUserFilter>;
  creationDate?: InputMaybe<StringFilter>;
  id?: InputMaybe<IdFilter>;
  modificationDate?: InputMaybe<StringFilter>;
  name?: InputMaybe<StringFilter>;
  publicId?: InputMaybe<StringFilter>;
  rank?: InputMaybe<FloatFilter>;
  tasks?: InputMaybe<DemoTaskCollectionFilter>;
};


/** Actions on the `Demo/Tasks` Entities the mutation selects, run in the order written: on the Entities created by an earlier `create` or `createBatch` of the same mutation field, else on those matching its filter arguments. Each answers a `MutationResult`. */
export type DemoTaskOperationsLinkStateArgs = {
  final?: InputMaybe<BooleanFilter>;
  icon?: InputMaybe<StringFilter>;
  id?: InputMaybe<IdFilter>;
  name?: InputMaybe<StringFilter>;
  publicId?: InputMaybe<StringFilter>;
  rank?: InputMaybe<FloatFilter>;
};


/** Actions on the `Demo/Tasks` Entities the mutation selects, run in the order written: on the Entities created by an earlier `create` or `createBatch` of the same mutation field, else on those matching its filter arguments. Each answers a `MutationResult`. */
export type DemoTaskOperationsOverwriteNotesArgs = {
  value: Scalars['String']['input'];
};


/** Actions on the `Demo/Tasks` Entities the mutation selects, run in the order written: on the Entities created by an earlier `create` or `createBatch` of the same mutation field, else on those matching its filter arguments. Each answers a `MutationResult`. */
export type DemoTaskOperationsOverwriteNotesBatchArgs = {
  data: Array<ContentInput>;
};


/** Actions on the `Demo/Tasks` Entities the mutation selects, run in the order written: on the Entities created by an earlier `create` or `createBatch` of the same mutation field, else on those matching its filter arguments. Each answers a `MutationResult`. */
export type DemoTaskOperationsPrependContentToNotesArgs = {
  value: Scalars['String']['input'];
};


/** Actions on the `Demo/Tasks` Entities the mutation selects, run in the order written: on the Entities created by an earlier `create` or `createBatch` of the same mutation field, else on those matching its filter arguments. Each answers a `MutationResult`. */
export type DemoTaskOperationsPrependContentToNotesBatchArgs = {
  data: Array<ContentInput>;
};


/** Actions on the `Demo/Tasks` Entities the mutation selects, run in the order written: on the Entities created by an earlier `create` or `createBatch` of the same mutation field, else on those matching its filter arguments. Each answers a `MutationResult`. */
export type DemoTaskOperationsUnlinkProjectArgs = {
  createdBy?: InputMaybe<SvcUserFilter>;
  creationDate?: InputMaybe<StringFilter>;
  id?: InputMaybe<IdFilter>;
  modificationDate?: InputMaybe<StringFilter>;
  name?: InputMaybe<StringFilter>;
  publicId?: InputMaybe<StringFilter>;
  rank?: InputMaybe<FloatFilter>;
  tasks?: InputMaybe<DemoTaskCollectionFilter>;
};


/** Actions on the `Demo/Tasks` Entities the mutation selects, run in the order written: on the Entities created by an earlier `create` or `createBatch` of the same mutation field, else on those matching its filter arguments. Each answers a `MutationResult`. */
export type DemoTaskOperationsUnlinkStateArgs = {
  final?: InputMaybe<BooleanFilter>;
  icon?: InputMaybe<StringFilter>;
  id?: InputMaybe<IdFilter>;
  name?: InputMaybe<StringFilter>;
  publicId?: InputMaybe<StringFilter>;
  rank?: InputMaybe<FloatFilter>;
};


/** Actions on the `Demo/Tasks` Entities the mutation selects, run in the order written: on the Entities created by an earlier `create` or `createBatch` of the same mutation field, else on those matching its filter arguments. Each answers a `MutationResult`. */
export type DemoTaskOperationsUpdateArgs = {
  budget?: InputMaybe<Scalars['Float']['input']>;
  done?: InputMaybe<Scalars['Boolean']['input']>;
  dueDate?: InputMaybe<Scalars['String']['input']>;
  estimate?: InputMaybe<Scalars['Int']['input']>;
  notes?: InputMaybe<Scalars['String']['input']>;
  project?: InputMaybe<DemoProjectFilter>;
  state?: InputMaybe<WorkflowStateDemoTasksFilter>;
  title?: InputMaybe<Scalars['String']['input']>;
};


/** Actions on the `Demo/Tasks` Entities the mutation selects, run in the order written: on the Entities created by an earlier `create` or `createBatch` of the same mutation field, else on those matching its filter arguments. Each answers a `MutationResult`. */
export type DemoTaskOperationsUpdateBatchArgs = {
  data: Array<DemoTaskInput>;
};


/** Actions on the `Demo/Tasks` Entities the mutation selects, run in the order written: on the Entities created by an earlier `create` or `createBatch` of the same mutation field, else on those matching its filter arguments. Each answers a `MutationResult`. */
export type DemoTaskOperationsUpdateProjectArgs = {
  name?: InputMaybe<Scalars['String']['input']>;
  tasks?: InputMaybe<Array<DemoTaskFilter>>;
};

/** Sort keys of a Task. Set one key per object; when several are set they apply in the order declared here. */
export type DemoTaskOrder = {
  /** Sort by `Demo/Budget`. */
  budget?: InputMaybe<Order>;
  /** Sort by a property of `svc/created-by`, for example `{createdBy: {id: ASC}}`. */
  createdBy?: InputMaybe<SvcUserOrder>;
  /** Sort by `svc/creation-date`. */
  creationDate?: InputMaybe<Order>;
  /** Sort by `Demo/Done`. */
  done?: InputMaybe<Order>;
  /** Sort by `Demo/Due date`. */
  dueDate?: InputMaybe<Order>;
  /** Sort by `Demo/Estimate`. */
  estimate?: InputMaybe<Order>;
  /** Sort by `svc/id`. */
  id?: InputMaybe<Order>;
  /** Sort by `svc/modification-date`. */
  modificationDate?: InputMaybe<Order>;
  /** Sort by a property of `Demo/Project`, for example `{project: {id: ASC}}`. */
  project?: InputMaybe<DemoProjectOrder>;
  /** Sort by `svc/public-id`. */
  publicId?: InputMaybe<Order>;
  /** Sort by `svc/rank`. */
  rank?: InputMaybe<Order>;
  /** Sort by a property of `Demo/State`, for example `{state: {id: ASC}}`. */
  state?: InputMaybe<WorkflowStateDemoTasksOrder>;
  /** Sort by `Demo/Title`. */
  title?: InputMaybe<Order>;
};

/** A document (the content of a rich text field) a mutation action wrote. */
export type Document = {
  __typename?: 'Document';
  /** The secret of the document (a UUID): its address at the documents endpoint. */
  secret: Scalars['String']['output'];
};

/** An Entity a mutation action acted on. */
export type Entity = {
  __typename?: 'Entity';
  /** Identifier of the Entity (`svc/id`, a UUID). */
  id: Scalars['ID']['output'];
  /** Its Database (`svc/name` of its type, `<Space>/<Database>`). */
  type: Scalars['String']['output'];
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

/** Filter for a `Float` field (svc/decimal, rank). All given operators must hold (AND). An operator given as `null` is ignored; use `isNull` to test for a missing value. */
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

/** Writes to the Space `Demo`: one field per Database. */
export type Mutation = {
  __typename?: 'Mutation';
  /** Actions on Entities of the Database `Demo/Projects`: those matching all given field filters (AND), or those its `create` makes. Its actions run in one transaction: all or none. */
  projects?: Maybe<DemoProjectOperations>;
  /** Actions on Entities of the Database `Demo/Tasks`: those matching all given field filters (AND), or those its `create` makes. Its actions run in one transaction: all or none. */
  tasks?: Maybe<DemoTaskOperations>;
};


/** Writes to the Space `Demo`: one field per Database. */
export type MutationProjectsArgs = {
  createdBy?: InputMaybe<SvcUserFilter>;
  creationDate?: InputMaybe<StringFilter>;
  id?: InputMaybe<IdFilter>;
  modificationDate?: InputMaybe<StringFilter>;
  name?: InputMaybe<StringFilter>;
  publicId?: InputMaybe<StringFilter>;
  rank?: InputMaybe<FloatFilter>;
  tasks?: InputMaybe<DemoTaskCollectionFilter>;
};


/** Writes to the Space `Demo`: one field per Database. */
export type MutationTasksArgs = {
  budget?: InputMaybe<FloatFilter>;
  createdBy?: InputMaybe<SvcUserFilter>;
  creationDate?: InputMaybe<StringFilter>;
  done?: InputMaybe<BooleanFilter>;
  dueDate?: InputMaybe<StringFilter>;
  estimate?: InputMaybe<IntFilter>;
  id?: InputMaybe<IdFilter>;
  modificationDate?: InputMaybe<StringFilter>;
  project?: InputMaybe<DemoProjectFilter>;
  publicId?: InputMaybe<StringFilter>;
  rank?: InputMaybe<FloatFilter>;
  state?: InputMaybe<WorkflowStateDemoTasksFilter>;
  title?: InputMaybe<StringFilter>;
};

/** Result of one mutation action (`create`, `update`, `delete`, `appendContentTo<Field>`, `link<Field>`, ...): what it did, the Entities it acted on and the documents it wrote. */
export type MutationResult = {
  __typename?: 'MutationResult';
  /** The documents (rich text) the action wrote. */
  documents: Array<Document>;
  /** The Entities the action created, changed or deleted, in the order it took them. */
  entities: Array<Entity>;
  /** What the action did, for a person to read (`Create: 1 Task added`). */
  message: Scalars['String']['output'];
};

/** Sort direction of one key of an `orderBy` argument. */
export type Order =
  /** Ascending: smallest first (strings by Unicode code point, false before true). Entities whose value is null come last. */
  | 'ASC'
  /** Descending: largest first. Entities whose value is null come first. */
  | 'DESC';

/** Read queries of the Space `Demo`: one `find<Plural>` per Database. */
export type Query = {
  __typename?: 'Query';
  /** Entities of the Database `Demo/Projects` matching all given field filters (AND). */
  findProjects: Array<DemoProject>;
  /** Entities of the Database `Demo/Tasks` matching all given field filters (AND). */
  findTasks: Array<DemoTask>;
  /** The user whose token makes the request (`svc/user`). */
  me?: Maybe<SvcUser>;
};


/** Read queries of the Space `Demo`: one `find<Plural>` per Database. */
export type QueryFindProjectsArgs = {
  createdBy?: InputMaybe<SvcUserFilter>;
  creationDate?: InputMaybe<StringFilter>;
  id?: InputMaybe<IdFilter>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  modificationDate?: InputMaybe<StringFilter>;
  name?: InputMaybe<StringFilter>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  orderBy?: InputMaybe<DemoProjectOrder>;
  publicId?: InputMaybe<StringFilter>;
  rank?: InputMaybe<FloatFilter>;
  tasks?: InputMaybe<DemoTaskCollectionFilter>;
};


/** Read queries of the Space `Demo`: one `find<Plural>` per Database. */
export type QueryFindTasksArgs = {
  budget?: InputMaybe<FloatFilter>;
  createdBy?: InputMaybe<SvcUserFilter>;
  creationDate?: InputMaybe<StringFilter>;
  done?: InputMaybe<BooleanFilter>;
  dueDate?: InputMaybe<StringFilter>;
  estimate?: InputMaybe<IntFilter>;
  id?: InputMaybe<IdFilter>;
  limit?: InputMaybe<Scalars['Int']['input']>;
  modificationDate?: InputMaybe<StringFilter>;
  offset?: InputMaybe<Scalars['Int']['input']>;
  orderBy?: InputMaybe<DemoTaskOrder>;
  project?: InputMaybe<DemoProjectFilter>;
  publicId?: InputMaybe<StringFilter>;
  rank?: InputMaybe<FloatFilter>;
  state?: InputMaybe<WorkflowStateDemoTasksFilter>;
  title?: InputMaybe<StringFilter>;
};

/** Content of a rich text field (a collaborative document), available in several formats. Select only the formats you need: each is converted on request. */
export type RichField = {
  __typename?: 'RichField';
  /** The document as HTML. */
  html?: Maybe<Scalars['String']['output']>;
  /** The document as a ProseMirror JSON document serialized into a string (`{"doc": {"type": "doc", "content": [...]}}`); parse it with JSON.parse. */
  jsonString?: Maybe<Scalars['String']['output']>;
  /** The document as Markdown. */
  md?: Maybe<Scalars['String']['output']>;
  /** The secret of the document (a UUID): the address of the document at the documents endpoint. */
  secret?: Maybe<Scalars['String']['output']>;
  /** The document as plain text, without formatting. */
  text?: Maybe<Scalars['String']['output']>;
};

/** Filter for a `String` field (text, url, email, dates, date-times, ranges, location, public ids, option names). All given operators must hold (AND). Comparisons are case sensitive and use Unicode code point order; ISO 8601 dates and timestamps therefore compare chronologically. An operator given as `null` is ignored; use `isNull` to test for a missing value. */
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

/** A user of the workspace (record of the `svc/user` type). Target of `createdBy`, of people relations and of the root field `me`. */
export type SvcUser = {
  __typename?: 'SvcUser';
  /** Creation time of the user record (`svc/creation-date`). */
  creationDate?: Maybe<Scalars['String']['output']>;
  /** E-mail address of the user (`user/email`). */
  email?: Maybe<Scalars['String']['output']>;
  /** Identifier of the user (`svc/id`, a UUID). */
  id: Scalars['ID']['output'];
  /** Time of the last modification of the user record (`svc/modification-date`). */
  modificationDate?: Maybe<Scalars['String']['output']>;
  /** Display name of the user (`user/name`). */
  name?: Maybe<Scalars['String']['output']>;
  /** Public identifier of the user (`svc/public-id`). */
  publicId?: Maybe<Scalars['String']['output']>;
};

/** Filter over an inner list of users (a many-to-many people relation). Instance of the `<T>CollectionFilter` template for `SvcUser`. */
export type SvcUserCollectionFilter = {
  /** Every filter in the list is matched by at least one user (AND). */
  contains?: InputMaybe<Array<SvcUserFilter>>;
  /** At least one filter in the list is matched by at least one user (OR). */
  containsAny?: InputMaybe<Array<SvcUserFilter>>;
  /** true: the list has no users; false: the list has at least one user. */
  isEmpty?: InputMaybe<Scalars['Boolean']['input']>;
  /** No filter in the list is matched by any user (AND of "not contains"). */
  notContains?: InputMaybe<Array<SvcUserFilter>>;
  /** At least one filter in the list is matched by no user (OR of "not contains"). */
  notContainsAny?: InputMaybe<Array<SvcUserFilter>>;
};

/** Filter over a user (used by `createdBy` and people relations). All given field filters must hold (AND). */
export type SvcUserFilter = {
  /** Filter on the creation time of the user record. */
  creationDate?: InputMaybe<StringFilter>;
  /** Filter on the user's e-mail address. */
  email?: InputMaybe<StringFilter>;
  /** Filter on the user's identifier. */
  id?: InputMaybe<IdFilter>;
  /** Take at most this many of the matching user items (without it: all of them). Only where the filter selects Entities (a relation value of a mutation); refused inside a find filter. */
  limit?: InputMaybe<Scalars['Int']['input']>;
  /** Filter on the time of the last modification of the user record. */
  modificationDate?: InputMaybe<StringFilter>;
  /** Filter on the user's display name. */
  name?: InputMaybe<StringFilter>;
  /** Skip this many of the matching user items first. Only where the filter selects Entities (a relation value of a mutation); refused inside a find filter. */
  offset?: InputMaybe<Scalars['Int']['input']>;
  /** Order in which the matching user items are taken. Only where the filter selects Entities (a relation value of a mutation); refused inside a find filter. */
  orderBy?: InputMaybe<SvcUserOrder>;
  /** Filter on the user's public identifier. */
  publicId?: InputMaybe<StringFilter>;
};

/** Sort keys of a user (used by `createdBy` and people relations, for example `orderBy: {createdBy: {email: ASC}}`). Set one key per object; when several are set they apply in the order declared here. */
export type SvcUserOrder = {
  /** Sort by the creation time of the user record. */
  creationDate?: InputMaybe<Order>;
  /** Sort by the user's e-mail address. */
  email?: InputMaybe<Order>;
  /** Sort by the user's identifier. */
  id?: InputMaybe<Order>;
  /** Sort by the time of the last modification of the user record. */
  modificationDate?: InputMaybe<Order>;
  /** Sort by the user's display name. */
  name?: InputMaybe<Order>;
  /** Sort by the user's public identifier. */
  publicId?: InputMaybe<Order>;
};

/** An option of `workflow/state_Demo/Tasks` (the states of a workflow field). */
export type WorkflowStateDemoTasks = {
  __typename?: 'WorkflowStateDemoTasks';
  /** Field `workflow/Final` (svc/bool). */
  final?: Maybe<Scalars['Boolean']['output']>;
  /** Field `enum/icon` (svc/text). */
  icon?: Maybe<Scalars['String']['output']>;
  /** Identifier of the Entity (`svc/id`, a UUID). */
  id: Scalars['ID']['output'];
  /** Field `enum/name` (svc/text). */
  name?: Maybe<Scalars['String']['output']>;
  /** Public identifier of the Entity (`svc/public-id`), a number written as a string. */
  publicId?: Maybe<Scalars['String']['output']>;
  /** Rank of the Entity (`svc/rank`); null where the type has no rank. */
  rank?: Maybe<Scalars['Float']['output']>;
};

/** Filter over an inner list (collection) of option items. Instance of the `<Type>CollectionFilter` template. */
export type WorkflowStateDemoTasksCollectionFilter = {
  /** Every filter in the list is matched by at least one item (AND). */
  contains?: InputMaybe<Array<WorkflowStateDemoTasksFilter>>;
  /** At least one filter in the list is matched by at least one item (OR). */
  containsAny?: InputMaybe<Array<WorkflowStateDemoTasksFilter>>;
  /** true: the list has no items; false: the list has at least one item. */
  isEmpty?: InputMaybe<Scalars['Boolean']['input']>;
  /** No filter in the list is matched by any item (AND of "not contains"). */
  notContains?: InputMaybe<Array<WorkflowStateDemoTasksFilter>>;
  /** At least one filter in the list is matched by no item (OR of "not contains"). */
  notContainsAny?: InputMaybe<Array<WorkflowStateDemoTasksFilter>>;
};

/** Filter over an option (an option of `workflow/state_Demo/Tasks`). All given field filters must hold (AND). */
export type WorkflowStateDemoTasksFilter = {
  /** Filter on `workflow/Final`. */
  final?: InputMaybe<BooleanFilter>;
  /** Filter on `enum/icon`. */
  icon?: InputMaybe<StringFilter>;
  /** Filter on the identifier (`svc/id`). `{id: {isNull: true}}` used as a relation filter matches an empty relation. */
  id?: InputMaybe<IdFilter>;
  /** Take at most this many of the matching option items (without it: all of them). Only where the filter selects Entities (a relation value of a mutation); refused inside a find filter. */
  limit?: InputMaybe<Scalars['Int']['input']>;
  /** Filter on `enum/name`. */
  name?: InputMaybe<StringFilter>;
  /** Skip this many of the matching option items first. Only where the filter selects Entities (a relation value of a mutation); refused inside a find filter. */
  offset?: InputMaybe<Scalars['Int']['input']>;
  /** Order in which the matching option items are taken. Only where the filter selects Entities (a relation value of a mutation); refused inside a find filter. */
  orderBy?: InputMaybe<WorkflowStateDemoTasksOrder>;
  /** Filter on `svc/public-id`. */
  publicId?: InputMaybe<StringFilter>;
  /** Filter on `svc/rank`. */
  rank?: InputMaybe<FloatFilter>;
};

/** Sort keys of an option. Set one key per object; when several are set they apply in the order declared here. */
export type WorkflowStateDemoTasksOrder = {
  /** Sort by `workflow/Final`. */
  final?: InputMaybe<Order>;
  /** Sort by `enum/icon`. */
  icon?: InputMaybe<Order>;
  /** Sort by `svc/id`. */
  id?: InputMaybe<Order>;
  /** Sort by `enum/name`. */
  name?: InputMaybe<Order>;
  /** Sort by `svc/public-id`. */
  publicId?: InputMaybe<Order>;
  /** Sort by `svc/rank`. */
  rank?: InputMaybe<Order>;
};
