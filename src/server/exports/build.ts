// Builds a clinic's whole copy as one ZIP, sealed under the clinic's key into the file store:
//   manifest.json          what the copy holds (clinic, date, language, records per resource)
//   README.txt             the same in words, in the requester's language
//   data/<resource>.json   every record of every clinic resource of the registry, as the API answers it
//   csv/<resource>.csv     the same as CSV (UTF-8 with BOM), in the requester's language
//   files.json, files/     the clinic's uploaded files, opened, with their names and types
//   permissions.json       what each staff member may do
//   fhir/bundle.json       the clinical records as a FHIR R4 Bundle (fhir.ts)
// The records are read through the engine as the requesting Main Doctor, under row-level
// security, so nothing of another clinic can enter the copy.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import { MODULES } from '../../shared/modules';
import { resourcesOf } from '../../../resources/index';
import type { ResourceDef } from '../../shared/resource';
import { TENANT_ROLE } from '../../shared/roles';
import type { FieldCipher } from '../crypto/fields';
import { fileContext, type KeyRing, open } from '../crypto/keyring';
import type { Database } from '../db/schema';
import { type FileStore, exportKey, uploadKey } from '../files/store';
import { DataAccess } from '../engine/data-access';
import { csvHeader, csvLines } from '../engine/export';
import { dayOf } from '../days';
import { type Lang, translate } from '../i18n';
import type { ClinicRef, ClinicalRecords, CopiedFile } from './fhir';
import { SealedFileWriter } from './sealed-file';
import { slicer } from '../jobs/slices';
import { CopyThread } from './copy-thread-client';
import { restoreOrder } from './restore-checks';

/**
 * Records read, written and turned into CSV between two loop turns: turning 100 into CSV (labels,
 * relations' titles) held the server's thread 30-130 ms on a loaded machine, 50 stay well under.
 */
const BATCH = 50;
/** The most of a piece sent to the copy thread at once. */
const PART = 256 * 1024;
const encoder = new TextEncoder();
const bytes = (text: string) => encoder.encode(text);

export interface BuildDeps {
  db: Kysely<Database>;
  keyring: KeyRing;
  /** Opens the sealed fields (null only on the benchmark's comparison server). */
  cipher: FieldCipher | null;
  /** Where uploads are read from and copies go (files/store.ts). */
  files: FileStore;
  clock: () => Date;
}

export interface ExportJob {
  tenantId: number;
  id: number;
  requestedBy: number;
  lang: Lang;
}

/** A build that may no longer finish (another worker took the job over): its file is dropped. */
export class JobLost extends Error {
  constructor() {
    super('export job taken over by another worker');
  }
}

/** What a copy's sealed file is bound to. */
export const exportContext = (tenantId: number, storageKey: string) => `export:${tenantId}:${storageKey}`;

/** The clinical records the FHIR Bundle is made of, collected while the walk passes them. */
const FHIR_SOURCES = ['patients', 'visitings', 'vitalSigns', 'patientDiseases', 'commonDiseases', 'labTests', 'labOrders', 'labResults'] as const;

/** A ZIP compressed on the copy thread, whose bytes go to the sealed file; each entry is written whole before the next. */
class ZipToFile {
  /** Other requests are served between the pieces of the copy (jobs/slices.ts). */
  readonly slice = slicer();

  constructor(
    private readonly thread: CopyThread,
    private readonly out: SealedFileWriter,
  ) {}

  /** An entry fed piece by piece; deflated unless stored (files already compressed). */
  async entry(name: string, pieces: AsyncIterable<Uint8Array> | Iterable<Uint8Array>, store = false): Promise<void> {
    await this.thread.ask({ op: 'zip-entry', name, store });
    for await (const piece of pieces) {
      // A part at a time, so the thread's output is sealed and written as it comes.
      for (let at = 0; at < piece.length; at += PART) await this.take(await this.thread.ask({ op: 'zip-push', bytes: piece.subarray(at, at + PART), final: false }));
    }
    await this.take(await this.thread.ask({ op: 'zip-push', bytes: new Uint8Array(0), final: true }));
  }

  private async take(chunks: Uint8Array[]): Promise<void> {
    for (const chunk of chunks) this.out.push(chunk);
    await this.out.flush();
    await this.slice();
  }

  /** The FHIR Bundle of the records the thread was given (fhir-add), built and compressed there, pointing at the copy's `files`; its entries. */
  async fhir(name: string, clinic: ClinicRef, timestamp: Date, files: CopiedFile[]): Promise<number> {
    const { chunks, entries } = await this.thread.ask<{ chunks: Uint8Array[]; entries: number }>({ op: 'fhir-zip', name, clinic, timestamp: timestamp.toISOString(), files });
    await this.take(chunks);
    return entries;
  }

  async end(): Promise<void> {
    await this.take(await this.thread.ask({ op: 'zip-end' }));
  }
}

/**
 * Writes the copy and answers where it is and its size. `beat` is called between batches with
 * the progress so far (0-99): it keeps the job's claim alive and throws JobLost if it was lost.
 */
export async function buildClinicCopy(deps: BuildDeps, job: ExportJob, beat: (progress: number) => Promise<void>): Promise<{ storageKey: string; size: number }> {
  const clinic = await sql<{ id: number; name: string; subdomain: string }>`select id, name, subdomain from tenants where id = ${job.tenantId}`.execute(deps.db);
  const requester = await sql<{ id: number; role: number; is_active: boolean }>`select id, role, is_active from tenant_users
    where tenant_id = ${job.tenantId} and id = ${job.requestedBy}`.execute(deps.db);
  const who = requester.rows[0];
  // Only a Main Doctor's copy is built, and as them: if they no longer are one, nothing is read.
  if (!clinic.rows[0] || !who || !who.is_active || who.role !== TENANT_ROLE.mainDoctor) throw new Error('the requester may no longer export');
  // The whole clinic: a module switched off keeps its records, and they are the clinic's too.
  const data = new DataAccess(deps.db, { scope: 'tenant', role: who.role, permissions: [], modules: MODULES, userId: who.id }, job.tenantId, {}, deps.clock, { cipher: deps.cipher, readLog: null });
  // A resource whose reads a row filter limits holds each person's own rows (notifications), not
  // the clinic's records: read as the Main Doctor it would hold only theirs, so it stays out.
  // Read each resource before the ones it points to (the restore's order backwards): the clinic
  // goes on working while its copy is made, in batches of their own transactions, and a patient
  // booked after the patients were read had their booking in the copy without them, a copy no
  // restore could take. Read this way, a record points only to records that already existed
  // when it was read, and they are read after it.
  const defs = restoreOrder(resourcesOf('tenant').filter((def) => data.can(def, 'read') && !def.rowFilter?.read)).reverse();

  const storageKey = path.posix.join(String(job.tenantId), `${job.id}-${randomBytes(12).toString('hex')}.zip`);
  // Written chunk by chunk to this machine's scratch folder, then stored whole.
  await fs.promises.mkdir(deps.files.scratchDir, { recursive: true });
  const file = path.join(deps.files.scratchDir, `export-${job.tenantId}-${job.id}-${randomBytes(6).toString('hex')}.zip`);
  const writer = await SealedFileWriter.create(file, await deps.keyring.keyOf(deps.db, job.tenantId), exportContext(job.tenantId, storageKey));
  // Compressing runs on a thread of its own: the server's thread keeps answering (issue 39).
  const thread = new CopyThread();
  try {
    const zip = new ZipToFile(thread, writer);
    const steps = defs.length + 2;
    let step = 0;
    const progress = () => Math.min(99, Math.floor((step / steps) * 100));
    const counts: Record<string, number> = {};

    for (const def of defs) {
      const csv: string[] = [csvHeader(def, job.lang)];
      const clinicalSource = (FHIR_SOURCES as readonly string[]).includes(def.name);
      let count = 0;
      // The JSON file streams batch by batch; the CSV follows it as the next entry.
      async function* json(): AsyncGenerator<Uint8Array> {
        yield bytes('[');
        // Up to the last record there was when this resource's reading began: a clinic writing
        // faster than the copy reads (its trail at every request) would otherwise keep it going.
        const last = await lastId(data, def, job.tenantId);
        for (let after = 0; after < last; ) {
          const rows = (await data.batch(def, after, BATCH)).filter((r) => Number(r.id) <= last);
          if (!rows.length) break;
          yield bytes(`${count ? ',' : ''}\n${rows.map((r) => JSON.stringify(r)).join(',\n')}`);
          await zip.slice();
          csv.push(await csvLines(data, def, rows, job.lang));
          // The FHIR Bundle is made on the copy thread from the records it is given as they pass.
          if (clinicalSource) await thread.ask({ op: 'fhir-add', resource: def.name as keyof ClinicalRecords, rows });
          count += rows.length;
          after = Number(rows[rows.length - 1].id);
          await beat(progress());
        }
        yield bytes(count ? '\n]\n' : ']\n');
      }
      await zip.entry(`data/${def.name}.json`, json());
      await zip.entry(`csv/${def.name}.csv`, csv.map(bytes));
      counts[def.name] = count;
      step++;
      await beat(progress());
    }

    const files = await addFiles(deps, job.tenantId, zip, () => beat(progress()));
    // Who of the staff may do what (not a resource of the registry, but part of the clinic).
    const { rows: permissions } = await data.transaction((trx) => sql`select up.user_id, p.table_name, p.name from user_permissions up
      join permissions p on p.id = up.permission_id where up.tenant_id = ${job.tenantId} order by up.user_id, p.table_name, p.name`.execute(trx));
    await zip.slice();
    await zip.entry('permissions.json', [bytes(`${JSON.stringify(permissions, null, 2)}\n`)]);
    step++;
    await beat(progress());

    const copied = files.flatMap(({ id, name, mime, size, path }) => (path ? [{ id, name, mime, size, path }] : []));
    const fhirEntries = await zip.fhir('fhir/bundle.json', clinic.rows[0], deps.clock(), copied);

    const manifest = {
      format: 'clinic-copy',
      version: 1,
      clinic: clinic.rows[0],
      created_at: deps.clock().toISOString(),
      language: job.lang,
      resources: counts,
      files: files.length,
      fhir: { version: '4.0.1', entries: fhirEntries },
    };
    await zip.entry('manifest.json', [bytes(`${JSON.stringify(manifest, null, 2)}\n`)]);
    await zip.entry('README.txt', [bytes(`\uFEFF${translate(job.lang, 'exports.readme', { clinic: clinic.rows[0].name, date: dayOf(new Date(manifest.created_at)) })}\n`)]);
    await zip.end();
    const size = await writer.close();
    await deps.files.createFrom(exportKey(storageKey), file);
    return { storageKey, size };
  } catch (err) {
    await writer.abandon();
    await fs.promises.rm(file, { force: true });
    throw err;
  } finally {
    await thread.close();
  }
}

// Path separators, characters some systems refuse in names, and control characters.
// eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
const CONTROL_OR_PATH = /[\\/:*?"<>|\u0000-\u001f]+/g;

/** A file's name in the ZIP: its id first (names repeat), then its name without path tricks. */
function entryName(id: number, name: string): string {
  const safe = name.replace(CONTROL_OR_PATH, '_').replace(/^\.+/, '_').slice(0, 120) || 'file';
  return `files/${id}-${safe}`;
}

/** The clinic's uploaded files, opened, and their list (files.json). */
/** The highest id the clinic's records of `def` have now (0: none). */
async function lastId(data: DataAccess, def: ResourceDef, tenantId: number): Promise<number> {
  const { rows } = await data.transaction((trx) => sql<{ id: number | null }>`select max(id) as id from ${sql.table(def.table)} where tenant_id = ${tenantId}`.execute(trx));
  return Number(rows[0]?.id ?? 0);
}

async function addFiles(deps: BuildDeps, tenantId: number, zip: ZipToFile, beat: () => Promise<void>): Promise<(Omit<CopiedFile, 'path'> & { path: string | null })[]> {
  const { rows } = await sql<{ id: number; original_name: string; mime: string; size: number; storage_key: string; sealed: boolean; is_public: boolean; created_at: Date }>`
    select id, original_name, mime, size, storage_key, sealed, is_public, created_at from uploads
    where tenant_id = ${tenantId} and scope = 'tenant' order by id`.execute(deps.db);
  const listed = [];
  for (const row of rows) {
    const name = entryName(Number(row.id), row.original_name);
    const stored = await deps.files.read(uploadKey(row.storage_key));
    // A file whose bytes are gone is listed as missing rather than failing the whole copy.
    if (stored) {
      const plain = row.sealed ? open(await deps.keyring.keyOf(deps.db, tenantId), fileContext(tenantId, row.storage_key), stored) : stored;
      await zip.entry(name, [plain], true);
    }
    listed.push({ id: Number(row.id), name: row.original_name, mime: row.mime, size: Number(row.size), public: row.is_public, created_at: row.created_at, path: stored ? name : null });
    await beat();
  }
  await zip.entry('files.json', [bytes(`${JSON.stringify(listed, null, 2)}\n`)]);
  return listed;
}
