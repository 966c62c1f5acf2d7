// The printable sheets of a visit, in the chosen language and direction, on the clinic's paper (A5
// or A4), under its letterhead and with the patient (name, file number, gender, age, allergies)
// and a line for the doctor's signature: the prescription (the diagnosis, the drugs with strength
// and form, the advice in labelled sections), a referral letter (to whom, the diagnosis, the
// findings, the current drugs) or a sick note (the days of rest, first and last).
// Rendered beside the app's root (print CSS hides everything else), then the browser's print
// dialog is opened.
import { useMemo } from 'react';
import { createPortal } from 'react-dom';
import { resourceByName } from '../../../../resources';
import { fixedTranslate, isLang } from '../../i18n';
import { enumLabel, fieldLabel } from '../../../shared/labels';
import { formatAge } from './lib/age';
import type { PrintModel } from './lib/printModel';
import { usePrintDialog } from './usePrint';
import { PrintLetterhead } from './PrintLetterhead';
import { VerifyQr } from './VerifyQr';
import './print.css';

const visits = resourceByName('visitings');
const patients = resourceByName('patients');
const allergyDef = resourceByName('allergies');

export function PrescriptionPrint({ model, nonce, onOpened }: { model: PrintModel | null; nonce: number; onOpened?: () => void }) {
  // The sheet's own language, which may differ from the interface's.
  const t = useMemo(() => fixedTranslate(model && isLang(model.lang) ? model.lang : 'ckb'), [model]);
  usePrintDialog(!!model, nonce, onOpened);
  if (!model) return null;
  const head = model.letterhead;
  const gender = enumLabel(t, patients.fields.gender, model.gender);
  return createPortal(
    <div className={`print-root paper-${head.paper_size.toLowerCase()}`} dir={model.dir} lang={model.lang} data-testid="print-prescription" data-paper={head.paper_size}>
      {/* The page size follows the clinic's paper: the rule is only in the document while this sheet is. */}
      <style>{`@media print { @page { size: ${head.paper_size}; margin: 8mm; } }`}</style>
      <PrintLetterhead head={head} doctor={model.doctor} date={model.date} t={t} />
      {model.copy && (
        <p className="rx-copy" data-testid="print-copy">
          <strong>{t('clinic.printCopy', 'Copy')}</strong> · {t('clinic.printFirstPrinted', 'first printed')} <bdi dir="ltr">{model.copy.first}</bdi> · {t('clinic.printReprinted', 'this copy printed')} <bdi dir="ltr">{model.copy.now}</bdi>
        </p>
      )}
      <div className="rx-meta" data-testid="print-patient">
        <span>{t('fields.patient_id', 'Patient')}: <strong><bdi>{model.patient}</bdi></strong></span>
        {model.fileNumber && <span>{fieldLabel(t, patients, 'file_number')}: <bdi dir="ltr">{model.fileNumber}</bdi></span>}
        {gender && <span>{fieldLabel(t, patients, 'gender')}: {gender}</span>}
        {model.age && <span>{t('clinic.age', 'Age')}: {formatAge(t, model.age)}</span>}
      </div>
      {model.allergies.length > 0 && (
        <p className="rx-allergies" data-testid="print-allergies">
          <strong>{t('safety.allergies', 'Allergies')}:</strong>{' '}
          {model.allergies.map((a, i) => (
            <span key={i}>
              {i > 0 && ' · '}
              <bdi>{a.substance}</bdi> ({enumLabel(t, allergyDef.fields.severity, a.severity)})
            </span>
          ))}
        </p>
      )}
      {model.document === 'prescription' && <PrescriptionBody model={model} t={t} />}
      {model.document !== 'prescription' && <LetterBody model={model} t={t} />}
      <footer className="rx-signature" data-testid="print-signature">
        {model.prescriber && <span className="rx-prescriber" data-testid="print-prescriber">{t('clinic.printPrescriber', 'Prescriber')}: <bdi>{model.prescriber}</bdi></span>}
        <span>{t('clinic.printSignature', "Doctor's signature")}</span>
      </footer>
      <VerifyQr verify={model.verify} t={t} />
    </div>,
    document.body,
  );
}

type T = ReturnType<typeof fixedTranslate>;

function PrescriptionBody({ model, t }: { model: PrintModel; t: T }) {
  return (
    <>
        {model.diagnosis && (
          <p>
            <strong>{fieldLabel(t, visits, 'physician_diagnosis')}:</strong> <bdi>{model.diagnosis}</bdi>
          </p>
        )}
        <div className="rx-symbol">℞</div>
        <table>
          <thead>
            <tr>
              <th>{t('clinic.drug', 'Drug')}</th>
              <th>{t('clinic.rx.dose', 'Dose')}</th>
              <th>{t('clinic.rx.frequency', 'Frequency')}</th>
              <th>{t('clinic.rx.duration', 'Duration')}</th>
              <th>{t('clinic.rx.notes', 'Notes')}</th>
            </tr>
          </thead>
          <tbody>
            {model.lines.map((l, i) => (
              <tr key={i}>
                {/* Each value isolated in its own text's direction: `5 mg` stays `5 mg` on a Kurdish sheet. */}
                <td data-testid="rx-drug">
                  <bdi>{l.drug}</bdi>
                  {l.strength && <> <bdi data-testid="rx-strength">{l.strength}</bdi></>}
                  {l.form && <div className="rx-form"><bdi>{l.form}</bdi></div>}
                </td>
                <td data-testid="rx-dose"><bdi>{l.dose}</bdi></td>
                <td><bdi>{l.frequency}</bdi></td>
                <td><bdi>{l.duration}</bdi></td>
                <td><bdi>{l.notes}</bdi></td>
              </tr>
            ))}
          </tbody>
        </table>
        {model.sections.map((s) => (
          <section key={s.field} className="rx-section" data-testid={`print-${s.field}`}>
            <h2>{fieldLabel(t, visits, s.field)}</h2>
            <ul>
              {s.items.map((item, i) => <li key={i}><bdi>{item}</bdi></li>)}
            </ul>
          </section>
        ))}
    </>
  );
}

/** A referral letter or a sick note: a title, what the doctor says, and the visit's diagnosis. */
function LetterBody({ model, t }: { model: PrintModel; t: T }) {
  const diagnosis = model.diagnosis && (
    <p>
      <strong>{fieldLabel(t, visits, 'physician_diagnosis')}:</strong> <bdi>{model.diagnosis}</bdi>
    </p>
  );
  if (model.document === 'sickNote' && model.rest) {
    return (
      <section data-testid="print-letter">
        <h2 className="rx-title">{t('clinic.letters.sickNote', 'Sick note')}</h2>
        <p data-testid="print-rest">
          {t('clinic.letters.restText', { days: model.rest.days, defaultValue: 'The patient was examined on the date above and needs {{days}} days of rest' })}:{' '}
          {/* The range kept on one line, each day left to right. */}
          <span style={{ whiteSpace: 'nowrap' }}>
            <bdi dir="ltr">{model.rest.from}</bdi> – <bdi dir="ltr">{model.rest.until}</bdi>
          </span>
        </p>
        {diagnosis}
      </section>
    );
  }
  return (
    <section data-testid="print-letter">
      <h2 className="rx-title">{t('clinic.letters.referral', 'Referral letter')}</h2>
      {model.to && (
        <p data-testid="print-referral-to">
          <strong>{t('clinic.letters.to', 'To')}:</strong> <bdi>{model.to}</bdi>
        </p>
      )}
      <p>{t('clinic.letters.referralText', 'I refer this patient to you for your opinion and care.')}</p>
      {diagnosis}
      {model.findings && (
        <p>
          <strong>{fieldLabel(t, visits, 'examination_findings')}:</strong> <bdi>{model.findings}</bdi>
        </p>
      )}
      {model.lines.length > 0 && (
        <p>
          <strong>{t('clinic.letters.currentDrugs', 'Prescribed')}:</strong>{' '}
          {model.lines.map((l, i) => (
            <span key={i}>
              {i > 0 && ' · '}
              <bdi>{[l.drug, l.strength].filter(Boolean).join(' ')}</bdi>
            </span>
          ))}
        </p>
      )}
    </section>
  );
}
