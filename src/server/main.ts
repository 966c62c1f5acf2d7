// `npm start`: prepare the database, serve, and tell the person at the terminal how to get in.
import { buildApp } from './app';
import { loadConfig } from './config';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './db/seed';
import { prepareDatabase } from './start';

const config = loadConfig();
const { db } = await prepareDatabase(config, console);
const app = await buildApp({ db, config });

const shutdown = async () => {
  await app.close();
  await db.close();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

await app.listen({ port: config.port, host: config.host });
const port = config.port;
console.log(`
Clinic platform is running (${db.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'}).
  Central application: http://localhost:${port}
  Demo clinic:         http://demo.localhost:${port}
  Suspended clinic:    http://closed.localhost:${port}
  API description:     http://localhost:${port}/api/v1/openapi.json
Demo accounts (password ${DEMO_PASSWORD}):
  central: ${DEMO_ACCOUNTS.central.map((a) => a.username).join(', ')}
  demo clinic: ${DEMO_ACCOUNTS.demo.map((a) => a.username).join(', ')}
`);
