// Data written before encryption (or by the demo seed, which writes rows directly) is sealed by
// the job: every declared encrypted field still in plain, and every clinic file still in plain.
// Safe with several processes, and to stop halfway and run again.
import { type Kysely, sql } from 'kysely';
import { resources } from '../../../resources/index';
import type { Database } from '../db/schema';
import { type FileStore, uploadKey } from '../files/store';
import { type FieldCipher, encryptedColumns } from './fields';
import { fileContext, open, seal } from './keyring';

/** Seals what is still plain; returns how many values and files it sealed. */
export async function sealLegacyData(db: Kysely<Database>, cipher: FieldCipher, files: FileStore): Promise<number> {
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
        const bytes = await files.read(uploadKey(row.storage_key));
        const key = await cipher.keyring.keyOf(trx, tenantId);
        // A crash after sealing a file and before marking its row leaves it sealed already.
        if (bytes && !opens(key, fileContext(tenantId, row.storage_key), bytes)) await files.replace(uploadKey(row.storage_key), seal(key, fileContext(tenantId, row.storage_key), bytes));
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
