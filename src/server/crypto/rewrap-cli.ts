// `npm run keys:rewrap`: moves every clinic's data key from the configured master key (MASTER_KEY,
// MASTER_KEY_FILE or the data folder's master.key) to a new one, given as NEW_MASTER_KEY (base64 of
// 32 bytes) or NEW_MASTER_KEY_FILE. The data is not touched. Afterwards start the server with the
// new key (and keep the old one until a backup under the new one exists).
import { loadConfig } from '../config';
import { openDatabase } from '../db/index';
import { migrate } from '../db/migrate';
import { rewrapKeys } from './keyring';
import { loadMasterKey } from './master-key';

const config = loadConfig();
if (!process.env.NEW_MASTER_KEY && !process.env.NEW_MASTER_KEY_FILE) {
  console.error('Give the new master key as NEW_MASTER_KEY (base64 of 32 bytes: openssl rand -base64 32) or NEW_MASTER_KEY_FILE.');
  process.exit(2);
}
const current = loadMasterKey(config);
const next = loadMasterKey({ masterKey: process.env.NEW_MASTER_KEY, masterKeyFile: process.env.NEW_MASTER_KEY_FILE, dataDir: config.dataDir });
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrate(db);
const count = await rewrapKeys(db.kysely, current, next);
await db.close();
console.log(`${count} clinic key(s) now wrapped by master key ${next.id}. Start the server with the new key.`);
