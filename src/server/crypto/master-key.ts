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
  if (config.masterKey) return masterKeyOf(parse(config.masterKey, 'MASTER_KEY'));
  if (config.masterKeyFile) return masterKeyOf(parse(fs.readFileSync(config.masterKeyFile, 'utf8'), config.masterKeyFile));
  const { dataDir } = config;
  const file = path.join(dataDir, 'master.key');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    // 'wx': two processes starting at once cannot both write one.
    try {
      fs.writeFileSync(file, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  return masterKeyOf(parse(fs.readFileSync(file, 'utf8'), file));
}
