// Any list as a CSV or Excel file: GET /<path>/export takes the list's own filters, search and
// sort and answers every matching row (up to MAX_EXPORT_ROWS) in the reader's language: column
// titles and enum values translated, related records by their title, dates as ISO text. CSV is
// UTF-8 with a BOM, so spreadsheet programs read Kurdish and Arabic right, and a cell that a
// spreadsheet would run as a formula (=, +, -, @, tab, CR) is written as text (OWASP "CSV
// injection"). The Excel workbook (?format=xlsx, ExcelJS) holds numbers as numbers, reads right to
// left in Arabic and Kurdish, and never holds a formula: every text cell is a plain string.
import { stringify } from 'csv-stringify/sync';
import { type FieldDef, type ResourceDef, allFields, readableFields } from '../../shared/resource';
import { enumLabel, fieldLabel, relationText, resourceTitle } from '../../shared/labels';
import { resourceByName } from '../../../resources/index';
import { type Lang, translate, translator } from '../i18n';
import type { DataAccess } from './data-access';
import type { Row } from './hooks';

export const MAX_EXPORT_ROWS = 20_000;

const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell's text as the reader reads it (before any CSV escaping). */
function shown(field: FieldDef, value: unknown, lang: Lang, titles: Map<string, string> | undefined): string {
  if (value === null || value === undefined) return field.emptyLabel ? translate(lang, field.emptyLabel) : '';
  if (value instanceof Date) return value.toISOString();
  if (field.type === 'relation') return titles?.get(String(value)) ?? String(value);
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (field.type === 'boolean') return translate(lang, value ? 'common.yes' : 'common.no');
  return text(field, value, lang);
}

function cell(field: FieldDef, value: unknown, lang: Lang, titles: Map<string, string> | undefined): string {
  const out = shown(field, value, lang, titles);
  // A number or an instant cannot be a formula; a relation's title can.
  const plain = (typeof value === 'number' || typeof value === 'bigint' || value instanceof Date) && field.type !== 'relation';
  return plain ? out : asText(out);
}

const NUMERIC: readonly FieldDef['type'][] = ['integer', 'number', 'money'];

function text(field: FieldDef, value: unknown, lang: Lang): string {
  if (field.enum) return enumLabel(translator(lang), field, value);
  if (field.labels) return translate(lang, field.labels.replace('{}', String(value)), { defaultValue: String(value) });
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

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
    const found = await data.titles(target, field.relation.labelField, ids);
    out.set(name, new Map(found.map((r) => [String(r.id), relationText(r, field.relation!.labelField, lang)])));
  }
  return out;
}

const csvColumns = (def: ResourceDef) => readableFields(def).filter((name) => name !== 'version');

/** The CSV's first line, after its BOM (UTF-8, so spreadsheets read Kurdish and Arabic right). */
export function csvHeader(def: ResourceDef, lang: Lang): string {
  return `\uFEFF${stringify([csvColumns(def).map((name) => fieldLabel(translator(lang), def, name))], { record_delimiter: 'windows' })}`;
}

/** Rows as CSV lines, columns in declaration order after the record's id (a large file is written batch by batch). */
export async function csvLines(data: DataAccess, def: ResourceDef, rows: Row[], lang: Lang): Promise<string> {
  if (!rows.length) return '';
  const fields = allFields(def);
  const titles = await relationTitles(data, def, rows, lang);
  const body = rows.map((row) => csvColumns(def).map((name) => cell(fields[name], row[name], lang, titles.get(name))));
  return stringify(body, { record_delimiter: 'windows' });
}

/** The rows as CSV text, with its BOM and header. */
export async function toCsv(data: DataAccess, def: ResourceDef, rows: Row[], lang: Lang): Promise<string> {
  return csvHeader(def, lang) + (await csvLines(data, def, rows, lang));
}

/** The rows as an Excel workbook: one sheet, its header bold and frozen, numbers as numbers. */
export async function toXlsx(data: DataAccess, def: ResourceDef, rows: Row[], lang: Lang): Promise<Buffer> {
  // Loaded on the first Excel export only: the server starts without it.
  const { default: ExcelJS } = await import('exceljs');
  const fields = allFields(def);
  const columns = csvColumns(def);
  const titles = await relationTitles(data, def, rows, lang);
  const book = new ExcelJS.Workbook();
  // A sheet's name: at most 31 characters, none of []:*?/\\.
  const sheet = book.addWorksheet(resourceTitle(translator(lang), def).replace(/[[\]:*?/\\]/g, ' ').slice(0, 31), {
    views: [{ state: 'frozen', ySplit: 1, rightToLeft: lang !== 'en' }],
  });
  sheet.columns = columns.map((name) => ({ header: fieldLabel(translator(lang), def, name), key: name, width: 18 }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    sheet.addRow(
      columns.map((name) => {
        const value = row[name];
        const numeric = NUMERIC.includes(fields[name].type) && value !== null && value !== undefined && Number.isFinite(Number(value));
        return numeric ? Number(value) : shown(fields[name], value, lang, titles.get(name));
      }),
    );
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The download's file name: the resource and the day, e.g. patients-2026-11-24.csv. */
export function exportFileName(def: ResourceDef, now: Date, format: ExportFormat = 'csv'): string {
  return `${def.path.replace(/[^a-z0-9-]+/gi, '-')}-${now.toISOString().slice(0, 10)}.${format}`;
}
