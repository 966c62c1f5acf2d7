// Any list as a CSV or Excel file: GET /<path>/export takes the list's own filters, search and
// sort and answers every matching row (up to MAX_EXPORT_ROWS) in the reader's language: column
// titles, enum values and other codes by their labels, related records by their title, dates as
// ISO text and times in the clinics' time zone, amounts under a title naming their currency, and
// only the columns the list shows when it names them (columns=a,b,c). CSV is
// UTF-8 with a BOM, so spreadsheet programs read Kurdish and Arabic right, and a cell that a
// spreadsheet would run as a formula (=, +, -, @, tab, CR) is written as text (OWASP "CSV
// injection"). The Excel workbook (?format=xlsx, ExcelJS) holds numbers as numbers, reads right to
// left in Arabic and Kurdish, and never holds a formula: every text cell is a plain string.
import { stringify } from 'csv-stringify/sync';
import { type FieldDef, type ResourceDef, allFields, readableFields } from '../../shared/resource';
import { fieldLabel, isCoded, recordLabelKey, relationText, resourceTitle, valueLabel } from '../../shared/labels';
import type { Currency } from '../../shared/money';
import { resourceByName } from '../../../resources/index';
import { type Lang, translate, translator } from '../i18n';
import { dayOf, localDateTime } from '../days';
import { invalidField } from '../http/errors';
import type { DataAccess } from './data-access';
import type { Row } from './hooks';

export const MAX_EXPORT_ROWS = 20_000;

const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell's text as the reader reads it (before any CSV escaping). */
function shown(field: FieldDef, value: unknown, lang: Lang, titles: Map<string, string> | undefined, row: Row): string {
  if (value === null || value === undefined) return field.emptyLabel ? translate(lang, field.emptyLabel) : '';
  if (field.type === 'relation') return titles?.get(String(value)) ?? String(value);
  // A record of any resource (an event's record): by its title, as the list shows it.
  if (field.recordOf) return titles?.get(recordLabelKey(field, value, row)) ?? String(value);
  // Codes (a gender, a status, a role) by their labels, before numbers: they are stored as numbers.
  if (isCoded(field)) return valueLabel(translator(lang), field, value, row);
  if (field.type === 'boolean') return field.labels ? translate(lang, field.labels.replace('{}', String(!!value))) : translate(lang, value ? 'common.yes' : 'common.no');
  if (field.type === 'date') return value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);
  if (field.type === 'datetime' || value instanceof Date) return localDateTime(value instanceof Date ? value : new Date(String(value)));
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function cell(field: FieldDef, value: unknown, lang: Lang, titles: Map<string, string> | undefined, row: Row): string {
  const out = shown(field, value, lang, titles, row);
  // A number or an instant cannot be a formula; a relation's title or a label can.
  const plain = (typeof value === 'number' || typeof value === 'bigint' || value instanceof Date) && field.type !== 'relation' && !field.recordOf && !isCoded(field);
  return plain ? out : asText(out);
}

const NUMERIC: readonly FieldDef['type'][] = ['integer', 'number', 'money'];

/** Text a spreadsheet would run as a formula, kept as text. */
function asText(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** The titles of the related records the rows point to, per relation field. */
async function relationTitles(data: DataAccess, def: ResourceDef, rows: Row[], lang: Lang): Promise<Map<string, Map<string, string>>> {
  const out = new Map<string, Map<string, string>>();
  for (const [name, field] of Object.entries(def.fields)) {
    if (field.type !== 'relation' || !field.relation) continue;
    const target = resourceByName(field.relation.resource);
    const ids = [...new Set(rows.map((r) => r[name]).filter((v) => v !== null && v !== undefined).map(Number))];
    const found = await data.titles(target, field.relation.labelField, ids, !!field.relation.titleForReaders);
    out.set(name, new Map(found.map((r) => [String(r.id), relationText(r, field.relation!.labelField, lang)])));
  }
  // Records named by `recordOf` fields (an event's record), keyed `<resource>:<id>` as in a list's labels.
  if (Object.values(def.fields).some((f) => f.recordOf)) {
    const labels = await data.relationLabels(def, rows, (f) => !!f.recordOf);
    for (const [name, titles] of Object.entries(labels)) out.set(name, new Map(Object.entries(titles)));
  }
  return out;
}

/** What a file holds beside its rows: the columns chosen, and the currency its amounts are in. */
export interface ExportShape {
  /** The list's visible columns, in its order; absent: every readable field. */
  columns?: readonly string[];
  /** Absent: amounts' titles name no currency (a clinic's whole copy, which says it in its manifest). */
  currency?: Currency;
}

const EVERY_COLUMN: ExportShape = {};

/**
 * The columns of an export: the ones named (the list's visible columns, `columns=a,b`), each a
 * readable field, else every readable field; a name that is none is refused on `columns` (422).
 */
export function exportColumns(def: ResourceDef, named: string | undefined): string[] | undefined {
  if (named === undefined || named === '') return undefined;
  const readable = readableFields(def).filter((name) => name !== 'version');
  const asked = [...new Set(named.split(',').map((n) => n.trim()).filter(Boolean))];
  const unknown = asked.filter((n) => !readable.includes(n));
  if (unknown.length || !asked.length) throw invalidField('columns', 'validation.enum', { values: readable.join(', ') });
  return asked;
}

const columnsOf = (def: ResourceDef, shape: ExportShape) => shape.columns ?? readableFields(def).filter((name) => name !== 'version');

/** A column's title: the field's label, an amount's with its currency ("Amount (IQD)"). */
function columnTitle(def: ResourceDef, name: string, lang: Lang, shape: ExportShape): string {
  const label = fieldLabel(translator(lang), def, name);
  return allFields(def)[name].type === 'money' && shape.currency ? `${label} (${shape.currency})` : label;
}

/** The CSV's first line, after its BOM (UTF-8, so spreadsheets read Kurdish and Arabic right). */
export function csvHeader(def: ResourceDef, lang: Lang, shape: ExportShape = EVERY_COLUMN): string {
  return `\uFEFF${stringify([columnsOf(def, shape).map((name) => columnTitle(def, name, lang, shape))], { record_delimiter: 'windows' })}`;
}

/** Rows as CSV lines, in the export's columns (a large file is written batch by batch). */
export async function csvLines(data: DataAccess, def: ResourceDef, rows: Row[], lang: Lang, shape: ExportShape = EVERY_COLUMN): Promise<string> {
  if (!rows.length) return '';
  const fields = allFields(def);
  const titles = await relationTitles(data, def, rows, lang);
  const body = rows.map((row) => columnsOf(def, shape).map((name) => cell(fields[name], row[name], lang, titles.get(name), row)));
  return stringify(body, { record_delimiter: 'windows' });
}

/** The rows as CSV text, with its BOM and header. */
export async function toCsv(data: DataAccess, def: ResourceDef, rows: Row[], lang: Lang, shape: ExportShape): Promise<string> {
  return csvHeader(def, lang, shape) + (await csvLines(data, def, rows, lang, shape));
}

/** The rows as an Excel workbook: one sheet, its header bold and frozen, numbers as numbers. */
export async function toXlsx(data: DataAccess, def: ResourceDef, rows: Row[], lang: Lang, shape: ExportShape): Promise<Buffer> {
  // Loaded on the first Excel export only: the server starts without it.
  const { default: ExcelJS } = await import('exceljs');
  const fields = allFields(def);
  const columns = columnsOf(def, shape);
  const titles = await relationTitles(data, def, rows, lang);
  const book = new ExcelJS.Workbook();
  // A sheet's name: at most 31 characters, none of []:*?/\\.
  const sheet = book.addWorksheet(resourceTitle(translator(lang), def).replace(/[[\]:*?/\\]/g, ' ').slice(0, 31), {
    views: [{ state: 'frozen', ySplit: 1, rightToLeft: lang !== 'en' }],
  });
  sheet.columns = columns.map((name) => ({ header: columnTitle(def, name, lang, shape), key: name, width: 18 }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    sheet.addRow(
      columns.map((name) => {
        const value = row[name];
        const numeric = NUMERIC.includes(fields[name].type) && !isCoded(fields[name]) && !fields[name].recordOf && value !== null && value !== undefined && Number.isFinite(Number(value));
        return numeric ? Number(value) : shown(fields[name], value, lang, titles.get(name), row);
      }),
    );
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The download's file name: the resource and the clinic's day, e.g. patients-2026-11-24.csv. */
export function exportFileName(def: ResourceDef, now: Date, format: ExportFormat = 'csv'): string {
  return `${def.path.replace(/[^a-z0-9-]+/gi, '-')}-${dayOf(now)}.${format}`;
}
