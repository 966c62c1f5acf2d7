// Below a lab order's details: its results typed on one screen (LabResultsEntry.tsx), and print its form (issue 40) in the patient's language or another,
// on the clinic's paper under its letterhead, with the patient, the tests ordered and the doctor,
// and the verification QR code the server gives it (src/server/prints/routes.ts).
import { useState } from 'react';
import { Space } from 'antd';
import dayjs from 'dayjs';
import type { BaseRecord } from '@refinedev/core';
import { resourceByName } from '../../../../resources';
import { type Lang, fixedTranslate, loadLanguage } from '../../i18n';
import { useT } from '../../i18n/useT';
import { fieldLabel } from '../../../shared/labels';
import { letterheadLines, plainLetterhead, type LetterheadAnswer } from '../../../shared/letterhead';
import type { IssuedDocument } from '../../../shared/printedDocuments';
import { useAction, useAsk } from '../../engine/useAction';
import { useSession } from '../../providers/session';
import { type PrintVerification, issueVerification } from './lib/qr';
import { PrintButton } from './PrintButton';
import { LabResultsEntry } from './LabResultsEntry';
import { type LabSheetHead, LabSheet, type NamedTest, type PrintedName, type SheetPatient, TestName, sheetLang, sheetPatient, testName } from './LabSheet';
import { VerifyQr } from './VerifyQr';
import { clinicToday } from '../../engine/instant';

const orders = resourceByName('labOrders');
type Labels = Record<string, Record<string, string>>;

export interface LabOrderModel extends LabSheetHead {
  tests: { name: string; unit: string; printed: PrintedName }[];
  notes: string;
  verify?: PrintVerification | null;
}

/** What the form says, its language aside: the content the server digests for its code. */
export function labOrderContent(m: LabOrderModel): Record<string, unknown> {
  return { kind: 'lab_order', clinic: m.letterhead.name, date: m.date, doctor: m.doctor, patient: m.patient, file_number: m.fileNumber, gender: m.gender, age: m.age, tests: m.tests.map(({ name, unit }) => ({ name, unit })), notes: m.notes };
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
      ask<{ data: SheetPatient }>(`/patients/${String(record.patient_id)}`, { quiet: true }).then((r) => r.data, () => null),
    ]);
    const lang = sheetLang(patient, chosen);
    await loadLanguage(lang);
    const order = one.data;
    const lines = Array.isArray(order.tests) ? (order.tests as Record<string, unknown>[]) : [];
    // The catalog's Kurdish and Arabic names (the order keeps the name it was placed with).
    const catalog = await Promise.all(lines.map((l) => ask<{ data: NamedTest }>(`/lab-tests/${String(l.lab_test_id)}`, { quiet: true }).then((r) => r.data, () => null)));
    const date = text(order.ordered_on).slice(0, 10) || clinicToday();
    const built: LabOrderModel = {
      lang,
      letterhead: letterhead ?? plainLetterhead(session.user?.tenant?.name ?? ''),
      date,
      doctor: order.doctor_id == null ? '' : (one.labels?.doctor_id?.[String(order.doctor_id)] ?? ''),
      ...sheetPatient(patient, dayjs(date)),
      tests: lines.map((l, i) => ({ name: text(l.name), unit: text(l.unit), printed: testName(catalog[i], text(l.name), lang) })),
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
  const t = fixedTranslate(model?.lang ?? 'ckb');
  return (
    <LabSheet head={model} nonce={nonce} testId="print-lab-order" titleKey="labOrders.formTitle" title="Laboratory request">
      {model && (
        <>
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
                  <td data-testid="lab-order-test"><TestName name={l.printed} /></td>
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
        </>
      )}
    </LabSheet>
  );
}
