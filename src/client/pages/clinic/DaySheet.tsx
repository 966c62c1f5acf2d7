// The day sheet for power cuts (issue 36): one click prints today's bookings per doctor on A4,
// under the clinic's letterhead, in the user's language (or another from the button's menu). Every
// read goes through the data provider, which answers from the device's working set when the server
// does not (the bookings, the patients, the doctors, the letterhead), so it prints during a cut.
import { useState } from 'react';
import { createPortal } from 'react-dom';
import { type BaseRecord, useDataProvider } from '@refinedev/core';
import { resourceByName } from '../../../../resources';
import { type Lang, currentLang, fixedTranslate, isRtl, loadLanguage } from '../../i18n';
import { useT } from '../../i18n/useT';
import { useAsk } from '../../engine/useAction';
import { enumLabel, fieldLabel } from '../../../shared/labels';
import { type Letterhead, type LetterheadAnswer, letterheadLines, plainLetterhead } from '../../../shared/letterhead';
import { formatPhone } from '../../../shared/phone';
import { MAX_PER_PAGE } from '../../../shared/resource';
import { useSession } from '../../providers/session';
import { type SheetDoctor, daySheet } from './lib/daySheet';
import type { Doctor } from './useDoctors';
import { PrintButton } from './PrintButton';
import { PrintLetterhead } from './PrintLetterhead';
import { usePrintDialog } from './usePrint';
import './print.css';
import { clockNow } from '../../engine/instant';
import { clinicToday } from '../../engine/instant';

const appointments = resourceByName('appointments');
const patients = resourceByName('patients');

interface Sheet {
  lang: Lang;
  date: string;
  printedAt: string;
  head: Letterhead;
  doctors: SheetDoctor[];
}

export function DaySheetButton() {
  const t = useT();
  const ask = useAsk();
  const provider = useDataProvider();
  const { user } = useSession();
  const [sheet, setSheet] = useState<Sheet | null>(null);
  const [nonce, setNonce] = useState(0);
  usePrintDialog(!!sheet, nonce);

  const print = async (lang: Lang = currentLang()) => {
    const data = provider();
    const date = clinicToday();
    const [list, doctors, head] = await Promise.all([
      data.getList({ resource: 'appointments', filters: [{ field: 'date', operator: 'eq', value: date }], sorters: [{ field: 'time', order: 'asc' }], pagination: { currentPage: 1, pageSize: MAX_PER_PAGE } }),
      ask<{ doctors: Doctor[] }>('/dashboard/doctors', { quiet: true }).then((r) => r.doctors, () => [] as Doctor[]),
      // Without it the sheet still prints, with the clinic's name alone.
      ask<{ data: LetterheadAnswer }>('/settings/letterhead', { quiet: true }).then((r) => letterheadLines(r.data), () => plainLetterhead(user?.tenant?.name ?? '')),
      loadLanguage(lang),
    ]);
    const ids = [...new Set(list.data.map((a: BaseRecord) => a.patient_id).filter((id) => id !== null && id !== undefined) as (string | number)[])];
    const people = ids.length ? (await data.getMany!({ resource: 'patients', ids }).catch(() => ({ data: [] as BaseRecord[] }))).data : [];
    setSheet({ lang, date, printedAt: clockNow(), head, doctors: daySheet(list.data, people, doctors) });
    setNonce((n) => n + 1);
  };

  return (
    <>
      <PrintButton testId="day-sheet-print" label={t('daySheet.print')} onPrint={(lang) => void print(lang)} />
      {sheet && <DaySheetPrint sheet={sheet} />}
    </>
  );
}

function DaySheetPrint({ sheet }: { sheet: Sheet }) {
  const t = fixedTranslate(sheet.lang);
  const phone = (p: string) => (p.startsWith('+') ? formatPhone(p) : p);
  return createPortal(
    <div className="print-root paper-a4" dir={isRtl(sheet.lang) ? 'rtl' : 'ltr'} lang={sheet.lang} data-testid="print-day-sheet">
      {/* A4 whatever the clinic's paper for prescriptions: a list for the desk. */}
      <style>{'@media print { @page { size: A4; margin: 12mm; } }'}</style>
      <PrintLetterhead head={sheet.head} date={sheet.date} t={t} />
      <h2 className="rx-title">{t('daySheet.title')}</h2>
      {!sheet.doctors.length && <p>{t('clinic.noAppointmentsToday')}</p>}
      {sheet.doctors.map((g) => (
        <section key={g.doctorId} className="day-sheet-doctor" data-testid={`day-sheet-doctor-${g.doctorId}`}>
          <h3>
            <bdi>{g.doctor}</bdi> · {t('daySheet.count', { count: g.bookings.length })}
          </h3>
          <table>
            <thead>
              <tr>
                <th>{fieldLabel(t, appointments, 'time')}</th>
                <th>{fieldLabel(t, appointments, 'patient_id')}</th>
                <th>{fieldLabel(t, patients, 'file_number')}</th>
                <th>{fieldLabel(t, patients, 'phone')}</th>
                <th>{fieldLabel(t, appointments, 'status')}</th>
              </tr>
            </thead>
            <tbody>
              {g.bookings.map((b) => (
                <tr key={b.id} data-testid={`day-sheet-booking-${b.id}`}>
                  <td><bdi dir="ltr">{b.time}</bdi></td>
                  <td><bdi>{b.patientName}</bdi></td>
                  <td><bdi dir="ltr">{b.fileNumber}</bdi></td>
                  <td><bdi dir="ltr">{b.phone && phone(b.phone)}</bdi></td>
                  <td>{enumLabel(t, appointments.fields.status, b.status)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
      <footer className="rx-signature">{t('daySheet.printedAt', { time: sheet.printedAt })}</footer>
    </div>,
    document.body,
  );
}
