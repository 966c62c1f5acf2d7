// The printable prescription, in the chosen language and direction. Rendered beside the app's
// root (print CSS hides everything else), then the browser's print dialog is opened.
import { useEffect, useMemo } from 'react';
import { createPortal } from 'react-dom';
import { fixedTranslate, isLang } from '../../i18n';
import { formatAge } from './lib/age';
import type { PrintModel } from './lib/printModel';
import './print.css';

export function PrescriptionPrint({ model, nonce }: { model: PrintModel | null; nonce: number }) {
  // The sheet's own language, which may differ from the interface's.
  const t = useMemo(() => fixedTranslate(model && isLang(model.lang) ? model.lang : 'ckb'), [model]);
  useEffect(() => {
    if (!model || !nonce) return;
    const timer = window.setTimeout(() => window.print(), 50);
    return () => window.clearTimeout(timer);
  }, [model, nonce]);
  if (!model) return null;
  return createPortal(
    <div className="print-root" dir={model.dir} lang={model.lang} data-testid="print-prescription">
      <header>
        <div>
          <h1>{model.clinic}</h1>
          {model.doctor && <div>{model.doctor}</div>}
        </div>
        <bdi dir="ltr">{model.date}</bdi>
      </header>
      <div className="rx-meta">
        <span>{t('fields.patient_id', 'Patient')}: <strong><bdi>{model.patient}</bdi></strong></span>
        {model.age && <span>{t('clinic.age', 'Age')}: {formatAge(t, model.age)}</span>}
      </div>
      {model.diagnosis && (
        <p>
          <strong>{t('fields.physician_diagnosis', 'Physician diagnosis')}:</strong> {model.diagnosis}
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
              {/* Each cell isolated in its own text's direction: `5 mg` stays `5 mg` on a Kurdish sheet. */}
              <td><bdi>{l.drug}</bdi></td>
              <td data-testid="rx-dose"><bdi>{l.dose}</bdi></td>
              <td><bdi>{l.frequency}</bdi></td>
              <td><bdi>{l.duration}</bdi></td>
              <td><bdi>{l.notes}</bdi></td>
            </tr>
          ))}
        </tbody>
      </table>
      {model.advice.length > 0 && <p>{model.advice.map((a, i) => <span key={i}>{i > 0 && '، '}<bdi>{a}</bdi></span>)}</p>}
    </div>,
    document.body,
  );
}
