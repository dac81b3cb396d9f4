// What one `npm run mutation` target mutates and which checks must kill its mutants: a module of
// modules.ts, or paths inside one (a file, a folder, a line range; several joined by `+`).
import { createHash } from 'node:crypto';
import { MODULES, moduleNamed, moduleOfPath, type MutationModule } from './modules.js';

export interface Plan {
  label: string;
  mutate: string[];
  checks: string[];
  module: MutationModule | undefined;
}

/** One path (`file[:from-to]` or a folder) as the Stryker glob of the code it names. */
function globOf(path: string): string {
  const [file, lines] = path.replace(/^\.\//, '').split(':');
  const glob = file?.endsWith('.ts') ? file : `${(file ?? '').replace(/\/$/, '')}/**/*.ts`;
  const range = lines === undefined ? '' : `:${lines.includes('-') ? lines.replace(/^(\d+)-(\d+)$/, '$1-$2') : `${lines}-${lines}`}`;
  return `${glob}${range}`;
}

/**
 * A module name, or paths of one module joined by `+` (`server/src/model/batch-failure.ts+server/src/model/entity-writer.ts:270-400`:
 * one run, one dry run), with the checks that must kill its mutants.
 */
export function planFor(target: string, checks: string[] | undefined): Plan {
  const named = moduleNamed(target);
  if (named) return { label: named.name, mutate: named.mutate, checks: checks ?? named.checks, module: named };
  const paths = target.split('+').filter((p) => p !== '');
  const modules = new Set(paths.map((p) => moduleOfPath(p)?.name));
  const module = moduleOfPath(paths[0] ?? '');
  if ((module === undefined || modules.size > 1) && checks === undefined) {
    const why = modules.size > 1 ? `its paths are in different modules (${[...modules].map(String).join(', ')})` : `it is neither a module (${MODULES.map((m) => m.name).join(', ')}) nor a path inside one`;
    throw new Error(`"${target}": ${why}; give --checks to mutate it`);
  }
  return { label: target, mutate: paths.map(globOf), checks: checks ?? module?.checks ?? [], module };
}

/** The file name stem of a target's report and record: its label made safe, cut with a digest of it when long (joined paths). */
export function fileStem(label: string): string {
  const safe = label.replace(/[^\w.-]+/g, '_');
  return safe.length <= 100 ? safe : `${safe.slice(0, 80)}_${createHash('sha256').update(label).digest('hex').slice(0, 12)}`;
}
