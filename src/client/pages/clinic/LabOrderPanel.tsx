// Below a lab order's details: its results typed on one screen (LabResultsEntry.tsx), and print its form (issue 40) in the patient's language or another,
// on the clinic's paper under its letterhead, with the patient, the tests ordered and the doctor,
// and the verification QR code the server gives it (src/server/prints/routes.ts).
import { useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { Space } from 'antd';
import dayjs from 'dayjs';
import type { BaseRecord } from '@refinedev/core';
import { resourceByName } from '../../../../resources';
import { type Lang, currentLang, fixedTranslate, isLang, loadLanguage } from '../../i18n';
import { useT } from '../../i18n/useT';
import { enumLabel, fieldLabel } from '../../../shared/labels';
import { type Letterhead, letterheadLines, plainLetterhead, type LetterheadAnswer } from '../../../shared/letterhead';
import type { IssuedDocument } from '../../../shared/printedDocuments';
import { useAction, useAsk } from '../../engine/useAction';
import { useSession } from '../../providers/session';
import { type Age, ageFromDob, formatAge } from './lib/age';
import { type PrintVerification, issueVerification } from './lib/qr';
import { PrintButton } from './PrintButton';
import { PrintLetterhead } from './PrintLetterhead';
import { LabResultsEntry } from './LabResultsEntry';
import { usePrintDialog, usePrintTitle } from './usePrint';
import { VerifyQr } from './VerifyQr';
import './print.css';

const orders = resourceByName('labOrders');
const patients = resourceByName('patients');
type Labels = Record<string, Record<string, string>>;
type Patient = { name?: string; file_number?: number | null; gender?: number | null; date_of_birth?: string | null; language?: string | null };

export interface LabOrderModel {
  lang: Lang;
  letterhead: Letterhead;
  date: string;
  doctor: string;
  patient: string;
  fileNumber: string;
  gender: number | null;
  age: Age | null;
  tests: { name: string; unit: string }[];
  notes: string;
  verify?: PrintVerification | null;
}

/** What the form says, its language aside: the content the server digests for its code. */
export function labOrderContent(m: LabOrderModel): Record<string, unknown> {
  return { kind: 'lab_order', clinic: m.letterhead.name, date: m.date, doctor: m.doctor, patient: m.patient, file_number: m.fileNumber, gender: m.gender, age: m.age, tests: m.tests, notes: m.notes };
}

const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v).trim());

export function LabOrderPanel({ record }: { record: BaseRecord }) {
  const t = useT();
  const session = useSession();
  const ask = useAsk();
  // Quiet: the form prints without its verification code when the server cannot give one.
  const { run } = useAction<{ data: IssuedDocument }>({ failure: false });
  const [model, setModel] = useState<LabOrderModel | null>(null);
  const [nonce, setNonce] = useState(0);
  const id = String(record.id);

  const print = async (chosen?: Lang) => {
    const [one, letterhead, patient] = await Promise.all([
      ask<{ data: Record<string, unknown>; labels?: Labels }>(`/${orders.path}/${id}`),
      ask<{ data: LetterheadAnswer }>('/settings/letterhead', { quiet: true }).then((r) => letterheadLines(r.data), () => null),
      ask<{ data: Patient }>(`/patients/${String(record.patient_id)}`, { quiet: true }).then((r) => r.data, () => null),
    ]);
    const lang = chosen ?? (patient?.language && isLang(patient.language) ? patient.language : currentLang());
    await loadLanguage(lang);
    const order = one.data;
    const date = text(order.ordered_on).slice(0, 10) || dayjs().format('YYYY-MM-DD');
    const built: LabOrderModel = {
      lang,
      letterhead: letterhead ?? plainLetterhead(session.user?.tenant?.name ?? ''),
      date,
      doctor: order.doctor_id == null ? '' : (one.labels?.doctor_id?.[String(order.doctor_id)] ?? ''),
      patient: text(patient?.name),
      fileNumber: text(patient?.file_number),
      gender: patient?.gender == null ? null : Number(patient.gender),
      age: ageFromDob(patient?.date_of_birth, dayjs(date)),
      tests: (Array.isArray(order.tests) ? (order.tests as Record<string, unknown>[]) : []).map((l) => ({ name: text(l.name), unit: text(l.unit) })),
      notes: text(order.notes),
    };
    const verify = await issueVerification((url, values) => run({ url, values, meta: { quiet: true } }), `/${orders.path}/${id}/printed-documents`, { content: labOrderContent(built) });
    setModel({ ...built, verify });
    setNonce((n) => n + 1);
  };

  return (
    <>
      <LabResultsEntry record={record} />
      <Space wrap style={{ marginTop: 16 }}>
        <PrintButton testId="lab-order-print" label={t('labOrders.print', 'Print lab order')} primary onPrint={(lang) => void print(lang)} />
      </Space>
      <LabOrderPrint model={model} nonce={nonce} />
    </>
  );
}

function LabOrderPrint({ model, nonce }: { model: LabOrderModel | null; nonce: number }) {
  const t = useMemo(() => fixedTranslate(model?.lang ?? 'ckb'), [model]);
  usePrintDialog(!!model, nonce);
  usePrintTitle(model ? `${t('labOrders.formTitle', 'Laboratory request')} — ${model.patient}` : null, nonce);
  if (!model) return null;
  const head = model.letterhead;
  const gender = enumLabel(t, patients.fields.gender, model.gender);
  return createPortal(
    <div className={`print-root paper-${head.paper_size.toLowerCase()}`} dir={model.lang === 'en' ? 'ltr' : 'rtl'} lang={model.lang} data-testid="print-lab-order" data-paper={head.paper_size}>
      <style>{`@media print { @page { size: ${head.paper_size}; margin: 8mm; } }`}</style>
      <PrintLetterhead head={head} doctor={model.doctor === head.name ? '' : model.doctor} date={model.date} t={t} />
      <h2 className="rx-title">{t('labOrders.formTitle', 'Laboratory request')}</h2>
      <div className="rx-meta" data-testid="print-patient">
        <span>{t('fields.patient_id', 'Patient')}: <strong><bdi>{model.patient}</bdi></strong></span>
        {model.fileNumber && <span>{fieldLabel(t, patients, 'file_number')}: <bdi dir="ltr">{model.fileNumber}</bdi></span>}
        {gender && <span>{fieldLabel(t, patients, 'gender')}: {gender}</span>}
        {model.age && <span>{t('clinic.age', 'Age')}: {formatAge(t, model.age)}</span>}
      </div>
      <table>
        <thead>
          <tr>
            <th>{fieldLabel(t, orders, 'tests')}</th>
            <th>{t('labOrders.unit', 'Unit')}</th>
            <th>{t('labOrders.result', 'Result')}</th>
          </tr>
        </thead>
        <tbody>
          {model.tests.map((l, i) => (
            <tr key={i}>
              <td data-testid="lab-order-test"><bdi>{l.name}</bdi></td>
              <td><bdi dir="ltr">{l.unit}</bdi></td>
              <td />
            </tr>
          ))}
        </tbody>
      </table>
      {model.notes && (
        <p>
          <strong>{fieldLabel(t, orders, 'notes')}:</strong> <bdi>{model.notes}</bdi>
        </p>
      )}
      <footer className="rx-signature">
        {model.doctor && <span className="rx-prescriber">{t('labOrders.orderedBy', 'Ordered by')}: <bdi>{model.doctor}</bdi></span>}
        <span>{t('clinic.printSignature', "Doctor's signature")}</span>
      </footer>
      <VerifyQr verify={model.verify} t={t} />
    </div>,
    document.body,
  );
}
