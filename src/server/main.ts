// `npm start`: prepare the database, serve, and tell the person at the terminal how to get in.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { buildApp } from './app';
import { loadConfig } from './config';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './db/seed';
import { prepareDatabase } from './start';

const config = loadConfig();
const { db } = await prepareDatabase(config, console);
const app = await buildApp({ db, config });
if (config.benchWithoutAudit) app.log.warn('BENCH_WITHOUT_AUDIT is set: this server writes no audit trail (a benchmark run only)');
if (config.benchWithoutEncryption) app.log.warn('BENCH_WITHOUT_ENCRYPTION is set: this server stores clinical text in plain (a benchmark run only)');

await app.listen({ port: config.port, host: config.host });
// The periodic jobs start once the server listens: a cold start does not wait for them.
await app.scheduler.start();

// The embedded database runs on this thread: a long query or job stalls every request. Said in
// the log, so a slow afternoon at a clinic can be traced to its cause.
const loopDelay = monitorEventLoopDelay({ resolution: 20 });
loopDelay.enable();
const stallWatch = setInterval(() => {
  const worstMs = Math.round(loopDelay.max / 1e6);
  if (worstMs > 1000) app.log.warn({ stalledMs: worstMs }, 'the server was unresponsive');
  loopDelay.reset();
}, 10_000);
stallWatch.unref();

const shutdown = async () => {
  clearInterval(stallWatch);
  await app.close();
  await db.close();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

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
