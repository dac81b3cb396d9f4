// A client of the demo Space as an application would write it: the operations of
// spec/graphql/operations/demo, typed by graphql-codegen (generated/graphql/demo-space.ts), sent
// to a server started with the demo workspace.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  OpenTasksQuery,
  OpenTasksQueryVariables,
  ProjectsWithBigTasksQuery,
  ProjectsWithBigTasksQueryVariables,
  TaskCommentsQuery,
  TaskCommentsQueryVariables,
  TaskPagesQuery,
  TaskPagesQueryVariables,
} from '../../generated/graphql/demo-space.js';
import type { RunningServer } from '../src/index.js';
import { startTestServer, storages } from './storages.js';

const operation = (name: string) => readFileSync(fileURLToPath(new URL(`../../spec/graphql/operations/demo/${name}.graphql`, import.meta.url)), 'utf8');

/** A typed operation: its document text, and (as types only) its result and variables. */
interface Operation<Result, Variables> {
  document: string;
  /** Never set: carries the types. */
  types?: [Result, Variables];
}

const OpenTasks: Operation<OpenTasksQuery, OpenTasksQueryVariables> = { document: operation('OpenTasks') };
const ProjectsWithBigTasks: Operation<ProjectsWithBigTasksQuery, ProjectsWithBigTasksQueryVariables> = { document: operation('ProjectsWithBigTasks') };
const TaskPages: Operation<TaskPagesQuery, TaskPagesQueryVariables> = { document: operation('TaskPages') };
const TaskComments: Operation<TaskCommentsQuery, TaskCommentsQueryVariables> = { document: operation('TaskComments') };

describe.each(storages)('a typed GraphQL client of the demo Space on $name', (storage) => {
  let server: RunningServer;
  async function request<Result, Variables>(op: Operation<Result, Variables>, variables: Variables): Promise<Result> {
    const res = await fetch(`${server.baseUrl}/api/graphql/space/Demo`, {
      method: 'POST',
      headers: { authorization: `Token ${server.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query: op.document, variables }),
    });
    const body = (await res.json()) as { data?: Result | null; errors?: Array<{ message: string }> };
    if (res.status !== 200 || body.errors || !body.data) throw new Error(`GraphQL answered ${res.status}: ${JSON.stringify(body.errors)}`);
    return body.data;
  }

  beforeAll(async () => {
    server = await startTestServer(storage, { demo: true });
  });
  afterAll(() => server?.close());

  it('lists open tasks, soonest due first, of projects whose name contains a text', async () => {
    const { findTasks } = await request(OpenTasks, { limit: 15, projectName: 'Project 1' });
    expect(findTasks.length).toBeGreaterThan(0);
    const dues = findTasks.map((t) => t.due).filter((d): d is string => d !== null);
    expect(dues).toEqual([...dues].sort());
    for (const task of findTasks) {
      expect(task.project?.name).toContain('Project 1');
      expect(Array.isArray(task.tags)).toBe(true);
      for (const file of task.attachments) expect(file.url).toMatch(/\/files\//);
    }
  });

  it('finds projects with a big task and reads their biggest tasks', async () => {
    const { findProjects } = await request(ProjectsWithBigTasks, { minEstimate: 12, taskLimit: 2 });
    expect(findProjects.length).toBeGreaterThan(0);
    for (const project of findProjects) {
      expect(project.tasks.length).toBeLessThanOrEqual(2);
      expect(project.tasks[0]?.estimate).toBe(13);
    }
  });

  async function taskWithComments(): Promise<string> {
    const res = await fetch(`${server.baseUrl}/api/graphql/space/Demo`, {
      method: 'POST',
      headers: { authorization: `Token ${server.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ findTasks(comments: {isEmpty: false}, limit: 1) { id } }' }),
    });
    const body = (await res.json()) as { data: { findTasks: Array<{ id: string }> } };
    return body.data.findTasks[0]?.id as string;
  }

  it('reads two pages in one request and a task with its comments', async () => {
    const pages = await request(TaskPages, { pageSize: 3 });
    expect(pages.first).toHaveLength(3);
    expect(pages.second).toHaveLength(3);
    const ids = [...pages.first, ...pages.second].map((t) => t.id);
    expect(ids).toEqual([...ids].sort());
    expect(new Set(ids).size).toBe(6);
    const id = pages.first[0]?.id as string;
    const { findTasks } = await request(TaskComments, { id });
    expect(findTasks).toHaveLength(1);
    for (const comment of findTasks[0]?.comments ?? []) expect(comment.content?.text).toMatch(/^Comment \d+: looks good, see the spec\.$/);
    // Some task has comments: their content is the document the demo wrote.
    const { findTasks: commented } = await request(TaskComments, { id: await taskWithComments() });
    expect(commented[0]?.comments.length).toBeGreaterThan(0);
    expect(commented[0]?.comments[0]?.content?.html).toContain('<strong>looks good</strong>');
  });
});
