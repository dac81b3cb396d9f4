// Command line of the mock integration app:
//   npm run mock-app -- --scenario mock-app/scenarios/tracker.yaml [--port 8090] [--host 127.0.0.1] [--no-validate] [--quiet]
// Prints the address and the accounts to use; stops on SIGINT / SIGTERM. Usage errors exit with 2.
import { parseArgs } from 'node:util';
import { startMockApp } from './index.js';
import type { Scenario } from './scenario.js';
import { ScenarioError } from './scenario.js';

const USAGE = `Usage: npm run mock-app -- --scenario <file.yaml|file.json> [--port <port>] [--host <host>] [--no-validate] [--quiet]

  --scenario     scenario file (see mock-app/README.md and mock-app/scenario.schema.json)
  --port         port to listen on (default 0: a free port)
  --host         address to listen on (default 127.0.0.1)
  --no-validate  do not validate answers against spec/app.openapi.yaml
  --quiet        do not log each request`;

class UsageError extends Error {}

interface CliOptions {
  scenario: string;
  port: number;
  host: string;
  validate: boolean;
  quiet: boolean;
}

function parseOptions(argv: string[]): CliOptions {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        scenario: { type: 'string' },
        port: { type: 'string' },
        host: { type: 'string' },
        'no-validate': { type: 'boolean' },
        quiet: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values } = parsed;
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  if (values.scenario === undefined) throw new UsageError('--scenario is required.');
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port must be an integer from 0 to 65535 (got ${JSON.stringify(values.port)}).`);
  return { scenario: values.scenario, port, host: values.host ?? '127.0.0.1', validate: !values['no-validate'], quiet: values.quiet === true };
}

/** How to sign in with each account type of the scenario. */
function accountHelp(scenario: Scenario): string[] {
  return scenario.accountTypes.flatMap((type) => {
    if (type.id === 'oauth' || type.id === 'oauth2') {
      const seeded = (type.validAccounts ?? []).map((a) => `    ${a.name}: ${JSON.stringify(a.fields)}`);
      return [`  ${type.id} (${type.name}): OAuth ${type.id === 'oauth' ? '1' : '2'}; the external authorization page approves at once`, ...seeded];
    }
    if (!type.validAccounts) return [`  ${type.id} (${type.name}): any account`];
    return [`  ${type.id} (${type.name}):`, ...type.validAccounts.map((a) => `    ${a.name}: ${JSON.stringify(a.fields)}`)];
  });
}

async function main(): Promise<void> {
  let options: CliOptions;
  try {
    options = parseOptions(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`mock-app: ${error.message}\n\n${USAGE}\n`);
    process.exit(2);
  }
  let app;
  try {
    app = await startMockApp({
      scenario: options.scenario,
      port: options.port,
      host: options.host,
      validateResponses: options.validate,
      log: options.quiet ? undefined : (message) => process.stdout.write(`${message}\n`),
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      process.stderr.write(`mock-app: ${options.host}:${options.port} is in use: stop what runs there, or choose another --port (0 takes a free one).\n`);
      process.exit(1);
    }
    if (!(error instanceof ScenarioError)) throw error;
    process.stderr.write(`mock-app: ${error.message}\n\n${USAGE}\n`);
    process.exit(2);
  }
  const running = app;
  const stop = () => {
    running.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  process.stdout.write(
    [`Mock integration app "${running.scenario.app.name}" listening on ${running.url}`, `Response validation: ${options.validate ? 'on' : 'off'}`, 'Accounts:', ...accountHelp(running.scenario), ''].join('\n'),
  );
}

main().catch((error: unknown) => {
  // One line, never a stack trace (SVC_DEBUG=1 adds it): the message names what went wrong.
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`mock-app: ${message.split('\n')[0] ?? message}\n`);
  if (process.env['SVC_DEBUG'] === '1' && error instanceof Error && error.stack !== undefined) process.stderr.write(`${error.stack}\n`);
  process.exit(1);
});
