// The master key: it wraps every clinic's data key and nothing else. From MASTER_KEY (base64 of 32
// bytes) or MASTER_KEY_FILE; otherwise the file `master.key` in the data folder, created on first
// start (mode 0600). Whoever has the database and this key reads everything: back it up apart from
// the data (docs/operations.md#backups-and-the-master-key).
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface MasterKey {
  key: Buffer;
  /** A short name of the key (the first bytes of its hash), kept beside each wrapped key. */
  id: string;
  /** Where it was read ("MASTER_KEY", a file's path), and whether that file was made just now. */
  source?: { from: string; created: boolean };
}

function parse(text: string, from: string): Buffer {
  const key = Buffer.from(text.trim(), 'base64');
  if (key.length !== 32) throw new Error(`${from} must hold 32 bytes in base64 (openssl rand -base64 32)`);
  return key;
}

export function masterKeyOf(key: Buffer): MasterKey {
  return { key, id: createHash('sha256').update(key).digest('hex').slice(0, 16) };
}

export function loadMasterKey(config: { masterKey?: string; masterKeyFile?: string; dataDir: string }): MasterKey {
  if (config.masterKey) return { ...masterKeyOf(parse(config.masterKey, 'MASTER_KEY')), source: { from: 'MASTER_KEY', created: false } };
  if (config.masterKeyFile) return { ...masterKeyOf(parse(fs.readFileSync(config.masterKeyFile, 'utf8'), config.masterKeyFile)), source: { from: `MASTER_KEY_FILE ${config.masterKeyFile}`, created: false } };
  const { dataDir } = config;
  const file = path.join(dataDir, 'master.key');
  let created = false;
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    // 'wx': two processes starting at once cannot both write one.
    try {
      fs.writeFileSync(file, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
      created = true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  return { ...masterKeyOf(parse(fs.readFileSync(file, 'utf8'), file)), source: { from: file, created } };
}

/** The ids of the master keys the database's clinic keys are wrapped by. */
export type WrappingIds = readonly string[];

/**
 * Refuses a master key the database's clinic keys were not wrapped by (a server started without
 * its key would otherwise make a new one and fail on every sealed record): the message names the
 * key expected and where one is looked for; a key file made by this start is removed again.
 */
export function assertMasterKeyFits(master: MasterKey, wrappedBy: WrappingIds, dataDir: string): void {
  const others = wrappedBy.filter((id) => id !== master.id);
  if (!others.length) return;
  if (master.source?.created) fs.rmSync(master.source.from, { force: true });
  const found = master.source?.created ? `no master key was found (none in MASTER_KEY, MASTER_KEY_FILE or ${path.join(dataDir, 'master.key')})` : `the master key from ${master.source?.from ?? 'the configuration'} is ${master.id}`;
  throw new Error(
    `The database's clinic keys are wrapped by master key ${others.join(', ')}, but ${found}. ` +
      `Start the server with master key ${others[0]}: as MASTER_KEY (base64 of its 32 bytes), as MASTER_KEY_FILE (a file holding it), or as ${path.join(dataDir, 'master.key')}. ` +
      'Nothing was changed.',
  );
}
