// The CPU-heavy half of a clinic's copy and of its restore, run on a worker thread so the server's
// own thread keeps answering every other clinic (issue 39): compressing the copy's ZIP, and for a
// restore inflating the ZIP, parsing its JSON and checking every value against the API's field
// rules. The job on the server's thread (build.ts, restore.ts) asks through copy-thread-client.ts,
// one request at a time; bytes cross without a copy (transferred).
import { parentPort } from 'node:worker_threads';
import { Unzip, UnzipInflate, Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { resourcesOf } from '../../../resources/index';
import { allFields, readableFields } from '../../shared/resource';
import type { Row } from '../engine/hooks';
import { type ClinicRef, type ClinicalRecords, type CopiedFile, FhirBundleBuilder } from './fhir';
import { CopyRefused, NOT_RESTORED, assertAccepted, broken, restoreOrder } from './restore-checks';

export type ThreadRequest =
  | { op: 'zip-entry'; name: string; store: boolean }
  | { op: 'zip-push'; bytes: Uint8Array; final: boolean }
  | { op: 'zip-end' }
  | { op: 'fhir-add'; resource: keyof ClinicalRecords; rows: Row[] }
  | { op: 'fhir-zip'; name: string; clinic: ClinicRef; timestamp: string; files: CopiedFile[] }
  | { op: 'unzip-push'; bytes: Uint8Array; final: boolean }
  | { op: 'open' }
  | { op: 'rows'; name: string; from: number; count: number }
  | { op: 'file'; path: string };

/** What a copy holds, once read and checked whole. */
export interface OpenedCopy {
  /** Restored resources in writing order, with their record counts. */
  resources: { name: string; count: number }[];
  files: { id: number; name: string; public: boolean; path: string | null }[];
  permissions: { user_id: number; table_name: string; name: string }[];
}

export type ThreadAnswer = { id: number; ok: true; value: unknown } | { id: number; ok: false; key: string; vars: Record<string, string | number>; message: string };

// ---- writing a copy: one ZIP at a time, its output handed back after each step
let zip: Zip | null = null;
let entry: ZipDeflate | ZipPassThrough | null = null;
let out: Uint8Array[] = [];
let zipFailure: Error | null = null;

function produced(): Uint8Array[] {
  if (zipFailure) throw zipFailure;
  const chunks = out;
  out = [];
  return chunks;
}

// The clinical records of the copy being written, gathered as the job reads them, for its FHIR Bundle.
const clinical: ClinicalRecords = { patients: [], visitings: [], vitalSigns: [], patientDiseases: [], commonDiseases: [], labTests: [], labOrders: [], labResults: [] };

// ---- reading a copy: its entries inflated into memory (the thread's, not the server's)
const entries = new Map<string, Uint8Array[]>();
let unzip: Unzip | null = null;
let unzipFailure = false;
const parsed = new Map<string, Row[]>();

function unzipper(): Unzip {
  if (unzip) return unzip;
  unzip = new Unzip((file) => {
    const parts: Uint8Array[] = [];
    entries.set(file.name, parts);
    file.ondata = (err, data) => {
      if (err) unzipFailure = true;
      else if (data.length) parts.push(data);
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  return unzip;
}

/** An entry's bytes in a buffer of their own (Buffer.concat may hand out a shared pool's, which cannot be transferred). */
function entryBytes(name: string): Uint8Array | null {
  const parts = entries.get(name);
  if (!parts) return null;
  const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.length;
  }
  return all;
}

function json<T>(name: string): T | null {
  const bytes = entryBytes(name);
  if (!bytes) return null;
  try {
    return JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('utf8')) as T;
  } catch {
    throw broken();
  }
}

/** Reads the copy's lists and every record, checking each value; the records stay here for `rows`. */
function openCopy(): OpenedCopy {
  if (unzipFailure) throw broken();
  const manifest = json<{ format?: string; version?: number }>('manifest.json');
  if (manifest?.format !== 'clinic-copy' || manifest.version !== 1) throw broken();
  const defs = restoreOrder(resourcesOf('tenant').filter((d) => !NOT_RESTORED.has(d.name) && entries.has(`data/${d.name}.json`)));
  const resources = [];
  for (const def of defs) {
    const rows = json<Row[]>(`data/${def.name}.json`) ?? [];
    if (!Array.isArray(rows)) throw broken();
    entries.delete(`data/${def.name}.json`);
    const fields = allFields(def);
    const names = readableFields(def);
    for (const row of rows) {
      if (!row || typeof row !== 'object') throw broken();
      for (const name of names) assertAccepted(def, row, name, fields[name]);
    }
    rows.sort((a, b) => Number(a.id) - Number(b.id));
    parsed.set(def.name, rows);
    resources.push({ name: def.name, count: rows.length });
  }
  const files = json<OpenedCopy['files']>('files.json') ?? [];
  const permissions = json<OpenedCopy['permissions']>('permissions.json') ?? [];
  if (!Array.isArray(files) || !Array.isArray(permissions)) throw broken();
  return { resources, files, permissions };
}

/** Answers one request; bytes going back are listed for transfer. */
function handle(request: ThreadRequest): { value: unknown; transfer: ArrayBuffer[] } {
  switch (request.op) {
    case 'zip-entry': {
      if (!zip) {
        zip = new Zip((err, chunk) => {
          if (err) zipFailure = err;
          // Copied: fflate may hand out views of a buffer it goes on using.
          else out.push(chunk.slice());
        });
      }
      entry = request.store ? new ZipPassThrough(request.name) : new ZipDeflate(request.name, { level: 6 });
      zip.add(entry);
      break;
    }
    case 'zip-push':
      if (!entry) throw new Error('no ZIP entry open');
      entry.push(request.bytes, request.final);
      if (request.final) entry = null;
      break;
    case 'zip-end':
      zip?.end();
      zip = null;
      break;
    case 'fhir-add':
      for (const row of request.rows) clinical[request.resource].push(row);
      return { value: null, transfer: [] };
    case 'fhir-zip': {
      // Built, written out and compressed here: for a large clinic it is seconds of work.
      const bundle = new FhirBundleBuilder(request.clinic).build(clinical, new Date(request.timestamp), request.files);
      const file = new ZipDeflate(request.name, { level: 6 });
      zip!.add(file);
      file.push(new TextEncoder().encode(JSON.stringify(bundle)), true);
      const chunks = produced();
      return { value: { chunks, entries: bundle.entry.length }, transfer: chunks.map((c) => c.buffer as ArrayBuffer) };
    }
    case 'unzip-push':
      try {
        unzipper().push(request.bytes, request.final);
      } catch {
        unzipFailure = true;
      }
      return { value: null, transfer: [] };
    case 'open':
      return { value: openCopy(), transfer: [] };
    case 'rows':
      return { value: (parsed.get(request.name) ?? []).slice(request.from, request.from + request.count), transfer: [] };
    case 'file': {
      const bytes = entryBytes(request.path);
      entries.delete(request.path);
      return { value: bytes, transfer: bytes ? [bytes.buffer as ArrayBuffer] : [] };
    }
  }
  const chunks = produced();
  return { value: chunks, transfer: chunks.map((c) => c.buffer as ArrayBuffer) };
}

parentPort?.on('message', ({ id, request }: { id: number; request: ThreadRequest }) => {
  try {
    const { value, transfer } = handle(request);
    parentPort!.postMessage({ id, ok: true, value } satisfies ThreadAnswer, transfer);
  } catch (err) {
    const refused = err instanceof CopyRefused ? err : null;
    parentPort!.postMessage({ id, ok: false, key: refused?.key ?? '', vars: refused?.vars ?? {}, message: err instanceof Error ? err.message : String(err) } satisfies ThreadAnswer);
  }
});
