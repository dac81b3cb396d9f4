// `npm run bench -- [name] [options]`: runs one benchmark by name, or every benchmark when no
// name is given. Options after the name go to that benchmark (`npm run bench -- commands --help`).

interface Benchmark {
  description: string;
  run: (args: string[]) => Promise<number>;
}

const BENCHMARKS: Record<string, Benchmark> = {
  commands: {
    description: 'command API: batch creates, cursor paging, concurrent filtered query; API vs raw SQL on pg-mem and PostgreSQL',
    run: async (args) => (await import('./commands.js')).main(args),
  },
  documents: {
    description: 'documents: a 1 MB markdown document written and read in each format; storage after 100 edits with and without compaction; pg-mem and PostgreSQL',
    run: async (args) => (await import('./documents.js')).main(args),
  },
  fairness: {
    description: 'shared-load fairness: a side request while clients run the heaviest allowed command and GraphQL reads; pg-mem and PostgreSQL',
    run: async (args) => (await import('./fairness.js')).main(args),
  },
  graphql: {
    description: 'GraphQL read API: two levels of inner lists over 10,000 parents; time, SQL statements, API vs raw SQL on pg-mem and PostgreSQL',
    run: async (args) => (await import('./graphql.js')).main(args),
  },
  sync: {
    description: 'integration sync: a full sync of 100,000 rows (1,000 a page) from the mock app; rows/s, ratio to a raw bulk INSERT of the same rows, SQL profile; pg-mem and PostgreSQL',
    run: async (args) => (await import('./sync.js')).main(args),
  },
  webhooks: {
    description: 'webhook deliveries: latency from command response to receipt, deliveries/s; pg-mem, and one and two processes on PostgreSQL',
    run: async (args) => (await import('./webhooks.js')).main(args),
  },
};

/** The whole run is abandoned past this, whatever a benchmark does. */
const WATCHDOG_MS = 40 * 60_000;

function usage(): string {
  const names = Object.entries(BENCHMARKS).map(([name, b]) => `  ${name.padEnd(12)} ${b.description}`);
  return ['usage: npm run bench -- [<name>] [options]', '', 'benchmarks:', ...names, '', 'With no name every benchmark runs. `npm run bench -- <name> --help` lists its options.'].join('\n');
}

async function main(argv: string[]): Promise<number> {
  const [first, ...rest] = argv;
  if (first === '--help' || first === '-h' || first === 'help') {
    console.log(usage());
    return 0;
  }
  if (first === undefined || first.startsWith('-')) {
    let status = 0;
    for (const [name, benchmark] of Object.entries(BENCHMARKS)) {
      console.log(`== ${name}`);
      status = Math.max(status, await benchmark.run(argv));
    }
    return status;
  }
  const benchmark = BENCHMARKS[first];
  if (!benchmark) {
    console.error(`unknown benchmark "${first}"\n`);
    console.error(usage());
    return 2;
  }
  return benchmark.run(rest);
}

const watchdog = setTimeout(() => {
  console.error(`bench: still running after ${WATCHDOG_MS / 60_000} minutes; aborting`);
  process.exit(3);
}, WATCHDOG_MS);
watchdog.unref();

main(process.argv.slice(2)).then(
  (status) => {
    process.exitCode = status;
  },
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exitCode = 1;
  },
);
