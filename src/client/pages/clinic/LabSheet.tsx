// What a lab order's printed form and its printed results share (issue 40): the clinic's
// letterhead, the sheet's title and the patient (name, file number, sex, age) in the chosen
// language (the patient's by default), the tab's title naming the sheet while it prints.
import { type ReactNode, useMemo } from 'react';
import { createPortal } from 'react-dom';
import type { Dayjs } from 'dayjs';
import { resourceByName } from '../../../../resources';
import { type Lang, currentLang, fixedTranslate, isLang } from '../../i18n';
import { enumLabel, fieldLabel } from '../../../shared/labels';
import type { Letterhead } from '../../../shared/letterhead';
import { type Age, ageFromDob, formatAge } from './lib/age';
import { PrintLetterhead } from './PrintLetterhead';
import { usePrintDialog, usePrintTitle } from './usePrint';
import './print.css';

const patients = resourceByName('patients');

export type SheetPatient = { name?: string; file_number?: number | null; gender?: number | null; date_of_birth?: string | null; language?: string | null };

export interface LabSheetHead {
  lang: Lang;
  letterhead: Letterhead;
  date: string;
  doctor: string;
  patient: string;
  fileNumber: string;
  gender: number | null;
  age: Age | null;
}

const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v).trim());

/** A catalog test's names: the one laboratories read, and the clinic's Kurdish and Arabic ones. */
export type NamedTest = { name?: string | null; name_ckb?: string | null; name_ar?: string | null };
export interface PrintedName {
  name: string;
  /** The catalog's own name, printed beside a translated one. */
  original: string | null;
}

/** A test's name on a sheet in `lang`: the clinic's Kurdish or Arabic name where it has one, else its name. */
export function testName(test: NamedTest | null | undefined, name: string, lang: Lang): PrintedName {
  const local = lang === 'ckb' ? test?.name_ckb : lang === 'ar' ? test?.name_ar : null;
  return local?.trim() ? { name: local.trim(), original: name || null } : { name, original: null };
}

/** A test's name in a sheet's cell, the catalog's own name below a translated one. */
export function TestName({ name }: { name: PrintedName }) {
  return (
    <>
      <bdi>{name.name}</bdi>
      {name.original && (
        <div className="rx-original">
          <bdi dir="ltr">{name.original}</bdi>
        </div>
      )}
    </>
  );
}

/** The language chosen from the print menu, else the patient's, else the interface's. */
export function sheetLang(patient: SheetPatient | null, chosen?: Lang): Lang {
  return chosen ?? (patient?.language && isLang(patient.language) ? patient.language : currentLang());
}

/** The patient as a sheet names them, their age on its day. */
export function sheetPatient(patient: SheetPatient | null, day: Dayjs): Pick<LabSheetHead, 'patient' | 'fileNumber' | 'gender' | 'age'> {
  return { patient: text(patient?.name), fileNumber: text(patient?.file_number), gender: patient?.gender == null ? null : Number(patient.gender), age: ageFromDob(patient?.date_of_birth, day) };
}

/** The sheet beside the app's root (shown on paper only), printed each time `nonce` moves. */
export function LabSheet({ head, nonce, testId, titleKey, title, children }: { head: LabSheetHead | null; nonce: number; testId: string; titleKey: string; title: string; children: ReactNode }) {
  const t = useMemo(() => fixedTranslate(head?.lang ?? 'ckb'), [head]);
  const heading = t(titleKey, title);
  usePrintDialog(!!head, nonce);
  usePrintTitle(head ? `${heading} — ${head.patient}` : null, nonce);
  if (!head) return null;
  const paper = head.letterhead;
  const gender = enumLabel(t, patients.fields.gender, head.gender);
  return createPortal(
    <div className={`print-root paper-${paper.paper_size.toLowerCase()}`} dir={head.lang === 'en' ? 'ltr' : 'rtl'} lang={head.lang} data-testid={testId} data-paper={paper.paper_size}>
      <style>{`@media print { @page { size: ${paper.paper_size}; margin: 8mm; } }`}</style>
      <PrintLetterhead head={paper} doctor={head.doctor === paper.name ? '' : head.doctor} date={head.date} t={t} />
      <h2 className="rx-title">{heading}</h2>
      <div className="rx-meta" data-testid="print-patient">
        <span>{t('fields.patient_id', 'Patient')}: <strong><bdi>{head.patient}</bdi></strong></span>
        {head.fileNumber && <span>{fieldLabel(t, patients, 'file_number')}: <bdi dir="ltr">{head.fileNumber}</bdi></span>}
        {gender && <span>{fieldLabel(t, patients, 'gender')}: {gender}</span>}
        {head.age && <span>{t('clinic.age', 'Age')}: {formatAge(t, head.age)}</span>}
      </div>
      {children}
    </div>,
    document.body,
  );
}
