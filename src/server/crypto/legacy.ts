// Data written before encryption (or by the demo seed, which writes rows directly) is sealed by
// the job: every declared encrypted field still in plain, and every clinic file still in plain.
// Safe with several processes, and to stop halfway and run again.
import fs from 'node:fs';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import { resources } from '../../../resources/index';
import type { Database } from '../db/schema';
import { type FieldCipher, encryptedColumns } from './fields';
import { fileContext, open, seal } from './keyring';

/** Seals what is still plain; returns how many values and files it sealed. */
export async function sealLegacyData(db: Kysely<Database>, cipher: FieldCipher, uploadsDir: string): Promise<number> {
  let total = 0;
  // A value is replaced only if still the plain one read (sealLegacyValues), so two processes or
  // an edit meanwhile cannot double-seal it.
  for (const def of resources.filter((d) => encryptedColumns(d).length)) {
    for (;;) {
      const sealed = await cipher.sealLegacyValues(db, def);
      total += sealed;
      if (!sealed) break;
    }
  }
  for (;;) {
    const done = await db.transaction().execute(async (trx) => {
      // Rows locked while their files are sealed: another process takes other files.
      const { rows } = await sql<{ id: number; tenant_id: number; storage_key: string }>`select id, tenant_id, storage_key from uploads
        where tenant_id is not null and not sealed order by id limit 100 for update skip locked`.execute(trx);
      for (const row of rows) {
        const tenantId = Number(row.tenant_id);
        const file = path.join(uploadsDir, row.storage_key);
        const bytes = await fs.promises.readFile(file).catch(() => null);
        const key = await cipher.keyring.keyOf(trx, tenantId);
        // A crash after sealing a file and before marking its row leaves it sealed already.
        if (bytes && !opens(key, fileContext(tenantId, row.storage_key), bytes)) {
          // Written beside it and renamed over it: a crash leaves either file whole.
          await fs.promises.writeFile(`${file}.sealing`, seal(key, fileContext(tenantId, row.storage_key), bytes));
          await fs.promises.rename(`${file}.sealing`, file);
        }
        await sql`update uploads set sealed = true where id = ${row.id}`.execute(trx);
      }
      return rows.length;
    });
    total += done;
    if (done < 100) return total;
  }
}

function opens(key: Buffer, context: string, bytes: Buffer): boolean {
  try {
    open(key, context, bytes);
    return true;
  } catch {
    return false;
  }
}
