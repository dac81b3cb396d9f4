// One command checked against the spec's `Command` schema on its own (Ajv over the same document
// the request validator reads). The request validator judges a body whole; this judges each
// command of an array, so one bad command fails alone while the others run (as the public API
// answers), and it knows the names an object allows, so an unknown key gets a "did you mean".
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { nearestName } from '../api/near-names.js';
import { SPEC_DOCUMENT } from '../api/spec-document.js';
import type { ValidatorIssue } from './validation-message.js';

// ajv-formats is CommonJS: its default export arrives wrapped under ESM.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv2020) => Ajv2020;

interface Compiled {
  /** The validator of each command's own schema (the `Command` discriminator's mapping), by command name. */
  byCommand: Map<string, ValidateFunction>;
}

let compiled: Compiled | undefined;

function validators(): Compiled {
  if (!compiled) {
    const ajv = new Ajv2020({ strict: false, allErrors: true, verbose: true, logger: false });
    addFormats(ajv);
    ajv.addSchema({ ...SPEC_DOCUMENT, $id: 'svc-spec' });
    const schemas = (SPEC_DOCUMENT['components'] as { schemas: Record<string, { discriminator?: { mapping?: Record<string, string> } }> }).schemas;
    const mapping = schemas['Command']?.discriminator?.mapping ?? {};
    compiled = { byCommand: new Map(Object.entries(mapping).map(([name, ref]) => [name, ajv.compile({ $ref: `svc-spec${ref}` })])) };
  }
  return compiled;
}

/** The issue of an Ajv error, its path under `/body` as the request validator writes paths (keys unescaped: `/args/query/q/limit`). */
function issueOf(error: ErrorObject): ValidatorIssue {
  if (error.keyword === 'additionalProperties') {
    const extra = String((error.params as { additionalProperty?: unknown }).additionalProperty);
    const allowed = Object.keys((error.parentSchema as { properties?: Record<string, unknown> } | undefined)?.properties ?? {});
    const near = nearestName(extra, allowed);
    return { path: unescaped(`/body${error.instancePath}/${extra}`), message: `must NOT have additional properties${near ? ` (did you mean "${near}"?)` : ''}` };
  }
  if (error.keyword === 'required') {
    // Named at the missing property, as the request validator names it.
    const missing = String((error.params as { missingProperty?: unknown }).missingProperty);
    return { path: unescaped(`/body${error.instancePath}/${missing}`), message: error.message ?? 'is required' };
  }
  return { path: unescaped(`/body${error.instancePath}`), message: error.message ?? 'is invalid' };
}

function unescaped(pointer: string): string {
  return pointer.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** The problems of one command (none when it is well formed), judged by the schema of the command it names. */
export function commandIssues(command: unknown): ValidatorIssue[] {
  if (typeof command !== 'object' || command === null || Array.isArray(command)) return [{ path: '/body', message: 'must be object' }];
  const name = (command as Record<string, unknown>)['command'];
  const { byCommand } = validators();
  const validate = typeof name === 'string' ? byCommand.get(name) : undefined;
  if (!validate) {
    const near = typeof name === 'string' ? nearestName(name, byCommand.keys()) : undefined;
    // No "command" at all: a misspelt key (`comand`) is named, it is why the name is missing.
    const misspelt = name === undefined ? Object.keys(command).find((key) => nearestName(key, ['command']) === 'command') : undefined;
    const got = misspelt === undefined ? (JSON.stringify(name) ?? 'nothing') : `nothing; the key "${misspelt}" is not known (did you mean "command"?)`;
    return [{ path: '/body/command', message: `must be one of ${[...byCommand.keys()].join(', ')} (got ${got})${near ? ` (did you mean "${near}"?)` : ''}` }];
  }
  if (validate(command)) return [];
  const issues = (validate.errors ?? []).map(issueOf);
  const inner = (command as { args?: { commands?: unknown } }).args?.commands;
  if (name !== 'svc.command/batch' || !Array.isArray(inner)) return issues;
  // A batch's commands are judged each by its own schema too (the batch's oneOf would report every branch).
  const INNER = /^\/body\/args\/commands\/\d+(\/|$)/;
  return [
    ...issues.filter((issue) => !INNER.test(issue.path ?? '')),
    ...inner.flatMap((item, i) => commandIssues(item).map((issue) => ({ ...issue, path: (issue.path ?? '').replace(/^\/body/, `/body/args/commands/${i}`) }))),
  ];
}
