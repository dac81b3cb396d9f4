// `npm run mutation -- <module|path>[,...] [options]`: the conformance suite's mutation score.
// Stryker mutates a module of the reference server; every mutant runs in one long-lived process
// against a fresh in-process server (test-runner.ts) with the checks of that module's areas, and
// the results go to bench/results/mutation.md (with the date and run time).
import { parseArgs } from 'node:util';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runByFile } from './by-file.js';
import { MODULES, moduleNamed } from './modules.js';
import { planFor } from './plan.js';
import { recordRun } from './results.js';
import { runStryker } from './stryker-run.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

const USAGE = `usage: npm run mutation -- <module|path>[,<module|path>...] [options]

modules: ${MODULES.map((m) => m.name).join(', ')}, or all
path:    a file or folder under server/src, with an optional line range (server/src/query/where.ts:120-180);
         paths of one module joined by + run in one Stryker run (server/src/model/batch-failure.ts+server/src/model/schema-view.ts)

options:
  --profile quick|full   the conformance profile that must kill the mutants (default quick)
  --checks LIST          check selectors instead of the module's areas (e.g. command.model-contract,query)
  --seed N               fast-check seed of every property check (default 20261125)
  --runs N               runs per property (default: the profile's)
  --concurrency N        test-runner processes (default 1; each holds its own server)
  --by-file              a module as one run per file, each recorded (bench/results/mutation/by-file/); files
                         with a record of their current text are skipped, so a long module spans sittings
  --budget MIN           with --by-file: start no further file after MIN minutes
  --parts LIST           with --by-file: run only these parts (engine.ts,run.ts or a subfolder such as values;
                         engine.ts#2of4 for one line range of a file the module splits); the others count with
                         their records
  --no-record            do not write bench/results/mutation.md
  --help`;

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      profile: { type: 'string', default: 'quick' },
      checks: { type: 'string' },
      seed: { type: 'string', default: '20261125' },
      runs: { type: 'string' },
      concurrency: { type: 'string', default: '1' },
      'no-record': { type: 'boolean', default: false },
      'by-file': { type: 'boolean', default: false },
      budget: { type: 'string' },
      parts: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help || positionals.length === 0) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  const profile = values.profile;
  if (profile !== 'quick' && profile !== 'full') throw new Error(`--profile takes quick or full; got ${profile}`);
  const seed = Number(values.seed);
  const concurrency = Number(values.concurrency);
  if (!Number.isInteger(seed)) throw new Error(`--seed must be an integer; got ${values.seed}`);
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error(`--concurrency must be a positive integer; got ${values.concurrency}`);
  const numRuns = values.runs === undefined ? undefined : Number(values.runs);
  if (numRuns !== undefined && (!Number.isInteger(numRuns) || numRuns < 1)) throw new Error(`--runs must be a positive integer; got ${values.runs}`);
  const checks = values.checks?.split(',').map((s) => s.trim()).filter(Boolean);
  const budgetMinutes = values.budget === undefined ? undefined : Number(values.budget);
  if (budgetMinutes !== undefined && !(budgetMinutes >= 0)) throw new Error(`--budget takes minutes (a number >= 0); got ${values.budget}`);
  if (budgetMinutes !== undefined && !values['by-file']) throw new Error('--budget goes with --by-file');
  const parts = values.parts?.split(',').map((s) => s.trim()).filter(Boolean);
  if (parts !== undefined && !values['by-file']) throw new Error('--parts goes with --by-file');
  if (values['by-file'] && values['no-record']) throw new Error('--by-file keeps each file\'s record (that is how it resumes); it cannot go with --no-record');
  if (values['by-file'] && checks !== undefined) throw new Error('--by-file runs each file with its module\'s checks; it cannot go with --checks');
  const targets = positionals.flatMap((p) => p.split(',')).flatMap((t) => (t === 'all' ? MODULES.map((m) => m.name) : [t]));
  let status = 0;
  const settings = { profile, seed, concurrency, ...(numRuns === undefined ? {} : { numRuns }) } as const;
  if (values['by-file']) {
    const modules = targets.map((t) => {
      const m = moduleNamed(t);
      if (m === undefined) throw new Error(`--by-file takes modules (${MODULES.map((x) => x.name).join(', ')}); got "${t}"`);
      return m;
    });
    for (const module of modules) {
      console.log(`== mutation: ${module.name} by file (${profile} profile; checks: ${module.checks.join(', ')})`);
      const outcome = await runByFile(module, settings, { root: ROOT, ...(budgetMinutes === undefined ? {} : { budgetMinutes }), ...(parts === undefined ? {} : { parts }) });
      if (outcome.error !== undefined) status = 1;
    }
    return status;
  }
  for (const target of targets) {
    const plan = planFor(target, checks);
    console.log(`== mutation: ${plan.label} (${profile} profile; checks: ${plan.checks.join(', ')})`);
    const report = await runStryker(plan, settings);
    if (report.json === undefined) {
      console.error(`mutation: ${plan.label}: Stryker wrote no report${report.error ? ` (${report.error})` : ''}; nothing recorded`);
    } else if (!values['no-record']) {
      const path = await recordRun({ plan: { label: plan.label, module: plan.module?.name, mutate: plan.mutate, checks: plan.checks }, profile, seed, report });
      console.log(`results: ${path}`);
    }
    if (report.error) status = 1;
  }
  return status;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 2;
  },
);
