// Access levels (spec/service.openapi.yaml, "Access levels"): reader < editor < architect, each
// operation and command marked with the level it needs (`x-svc-access`). The levels are read from
// the spec, so the spec and the server cannot disagree; http/access.ts and the command runner
// enforce them, nothing else does.
import { Failure } from '../api/failure.js';
import { COMMAND_ACCESS, OPERATION_ACCESS } from '../api/spec-document.js';
import type { AccessLevel } from '../commands/context.js';
import { MAX_JSON_DEPTH } from '../http/depth-limit.js';

const RANK: Readonly<Record<AccessLevel, number>> = { reader: 0, editor: 1, architect: 2 };
const TITLE: Readonly<Record<AccessLevel, string>> = { reader: 'Reader', editor: 'Editor', architect: 'Architect' };

/** What an operation needs: a level, `by-command` (the body's command decides) or `none` (no token). */
export type OperationAccess = AccessLevel | 'by-command' | 'none';

function isLevel(value: unknown): value is AccessLevel {
  return value === 'reader' || value === 'editor' || value === 'architect';
}

/** The level of an operation (`PUT`, `/api/documents/{secret}`); an operation the spec leaves unmarked needs Architect. */
export function operationAccess(method: string, openApiPath: string): OperationAccess {
  const marked = OPERATION_ACCESS.get(`${method.toUpperCase()} ${openApiPath}`);
  return marked === 'by-command' || marked === 'none' || isLevel(marked) ? marked : 'architect';
}

interface CommandLike {
  command?: unknown;
  args?: unknown;
}

/** Batches in batches looked into: the body's depth limit (http/depth-limit.ts) keeps real ones far below it. */
const MAX_NESTING = MAX_JSON_DEPTH;

/** The level a command needs: its schema's; a batch needs the highest of its inner commands. An unknown command needs Reader (it is refused as unknown, not as forbidden). */
export function commandAccess(command: CommandLike, depth = 0): AccessLevel {
  const marked = typeof command.command === 'string' ? COMMAND_ACCESS.get(command.command) : undefined;
  if (isLevel(marked)) return marked;
  if (marked !== 'by-command' || depth >= MAX_NESTING) return marked === 'by-command' ? 'architect' : 'reader';
  const inner = (command.args as { commands?: unknown } | undefined)?.commands;
  if (!Array.isArray(inner)) return 'reader';
  let needed: AccessLevel = 'reader';
  for (const item of inner) {
    if (typeof item !== 'object' || item === null) continue;
    const level = commandAccess(item as CommandLike, depth + 1);
    if (RANK[level] > RANK[needed]) needed = level;
  }
  return needed;
}

export function allows(held: AccessLevel, needed: AccessLevel): boolean {
  return RANK[held] >= RANK[needed];
}

/** The refusal of a request or command above the token's level (`auth.error/forbidden`, 403). */
export function forbidden(needed: AccessLevel, held: AccessLevel, what: string, command?: string): Failure {
  return new Failure(
    'auth.error/forbidden',
    `${what} needs the ${TITLE[needed]} access level; this token has ${TITLE[held]}.`,
    command === undefined ? { required: needed, held } : { required: needed, held, command },
    403,
  );
}
