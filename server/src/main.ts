// `npm start`: the reference server with the demo workspace, on pg-mem unless DATABASE_URL is set.
import { startServer } from './index.js';

const port = Number(process.env.PORT ?? 8080);
const server = await startServer({
  port,
  host: process.env.HOST ?? '127.0.0.1',
  databaseUrl: process.env.DATABASE_URL || undefined,
  token: process.env.SVC_TOKEN || undefined,
  demo: process.env.SVC_DEMO !== '0',
});
const lines = [
  `svc-kit reference server on ${server.storage}`,
  `  base URL: ${server.baseUrl}`,
  `  token:    ${server.token}   (Architect; set SVC_TOKEN to choose it)`,
  server.demo ? `  demo:     Space "${server.demo.space}" with ${server.demo.entities} Entities in ${server.demo.databases.join(', ')}` : '',
  '',
  `  curl -s ${server.baseUrl}/api/commands -H 'Authorization: Token ${server.token}' -H 'Content-Type: application/json' -d '{"command":"svc.schema/query"}'`,
].filter((l) => l !== '');
console.log(lines.join('\n'));

const stop = () => {
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
