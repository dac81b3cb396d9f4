/**
 * Faults of the query language's edges, one definition over a list: each rewrites one form of every
 * query on the way in, the way a second implementation gets one operator wrong at its boundary (a
 * value equal to the operand, values that differ only in case, an empty collection or list, the
 * direction of a key through a relation).
 */
import { defineFault, type Fault } from '../fault.js';
import { allCommands, walk } from './support.js';

interface QueryRewrite {
  id: string;
  breaks: string;
  description: string;
  /** The checks run against it (default: command.model-full). */
  select?: string[];
  /** Changes one node of a query in place (a q/where expression or a q/order-by item). */
  rewrite(node: unknown[]): void;
}

const isPath = (value: unknown): value is unknown[] => Array.isArray(value) && value.every((step) => typeof step === 'string');

const REWRITES: QueryRewrite[] = [
  {
    id: 'server.query-gt-as-gte',
    breaks: 'QUERY-006',
    description: 'evaluates the q/where operator ">" as ">="',
    select: ['command.model-contract'],
    rewrite(node) {
      if (node[0] === '>' && node.length === 3) node[0] = '>=';
    },
  },
  {
    id: 'server.query-contains-as-starts-with',
    breaks: 'QUERY-020',
    description: 'evaluates q/contains as q/starts-with-ignoring-case?',
    rewrite(node) {
      if (node[0] === 'q/contains' && node.length === 3) node[0] = 'q/starts-with-ignoring-case?';
    },
  },
  {
    id: 'server.query-lte-as-lt',
    breaks: 'QUERY-016',
    description: 'evaluates "<=" as "<": a value equal to the operand is left out',
    rewrite(node) {
      if (node[0] === '<=' && node.length === 3) node[0] = '<';
    },
  },
  {
    id: 'server.query-ignoring-case-sensitive',
    breaks: 'QUERY-024',
    description: 'compares q/equals-ignoring-case? case-sensitively (as "=")',
    rewrite(node) {
      if (node[0] === 'q/equals-ignoring-case?' && node.length === 3) node[0] = '=';
    },
  },
  {
    id: 'server.query-count-zero-unmatched',
    breaks: 'QUERY-026',
    description: 'never matches an Entity whose collection is empty in a q/count comparison (q/count = 0 matches nothing)',
    rewrite(node) {
      if (node.length !== 3 || !Array.isArray(node[1]) || node[1][0] !== 'q/count') return;
      const [op, count, operand] = node;
      node.splice(0, 3, 'q/and', [op, count, operand], ['>', count, 0]);
    },
  },
  {
    id: 'server.query-not-in-empty-matches-nothing',
    breaks: 'QUERY-019',
    description: 'matches nothing for q/not-in with an empty list (it matches every Entity)',
    rewrite(node) {
      if (node[0] === 'q/not-in' && Array.isArray(node[2]) && node[2].length === 0) node[0] = 'q/in';
    },
  },
  {
    id: 'server.order-through-relation-ascending',
    breaks: 'QUERY-032',
    description: 'sorts a key reached through a relation ascending even when q/desc is asked',
    rewrite(node) {
      if (node.length === 2 && isPath(node[0]) && node[0].length > 1 && node[1] === 'q/desc') node[1] = 'q/asc';
    },
  },
];

function queryFault(r: QueryRewrite): Fault {
  return defineFault({
    id: r.id,
    target: 'server',
    area: 'query',
    breaks: r.breaks,
    description: `${r.description} (every query is rewritten on the way in)`,
    select: r.select ?? ['command.model-full'],
    inbound: {
      request(req) {
        for (const command of allCommands(req)) {
          if (command['command'] !== 'svc.entity/query') continue;
          walk(command['args'], (node) => {
            if (Array.isArray(node)) r.rewrite(node);
          });
        }
      },
    },
  });
}

export const queryRewriteFaults: readonly Fault[] = REWRITES.map(queryFault);
