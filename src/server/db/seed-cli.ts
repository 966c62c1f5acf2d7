// `npm run seed`: put the demo data into the configured database (PostgreSQL included).
import { loadConfig } from '../config';
import { prepareDatabase } from '../start';

const config = loadConfig();
const { db, seeded } = await prepareDatabase({ ...config, seedDemo: 'always' }, console);
console.log(seeded ? 'Demo data created.' : 'The database already has data; nothing was added.');
await db.close();
