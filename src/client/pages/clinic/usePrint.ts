// Builds the print model for a visit's sheet (the prescription, a referral letter, a sick note) in the chosen language (the interface's by default) and asks
// for printing. Another language's texts are loaded first, without switching the interface; the
// clinic's letterhead is read at each print, so a change made meanwhile is on the next sheet.
import { useEffect, useSyncExternalStore } from 'react';
import type { BaseRecord } from '@refinedev/core';
import { type Lang, currentLang, loadLanguage } from '../../i18n';
import { useAction, useAsk } from '../../engine/useAction';
import { getSession, subscribeSession, useSession } from '../../providers/session';
import { TENANT_ROLE } from '../../../shared/roles';
import { type LetterheadAnswer, letterheadLines } from '../../../shared/letterhead';
import type { IssuedDocument } from '../../../shared/printedDocuments';
import { PRINTED_KIND, type LetterInput, type PrintDocument, type PrintModel, type Printed, printModel, printedContent } from './lib/printModel';
import { issueVerification } from './lib/qr';
import { PRINT_WAIT_MS, deadline } from './lib/deadline';

/**
 * The print asked for, kept outside the screen that asked: a screen drawn again meanwhile (its tab
 * left and opened again, its page's frame redrawn) still shows the sheet when it is ready, and the
 * dialog opens once for it. A print is asked for one at a time: the buttons say it is being
 * prepared, and a press meanwhile is that same print.
 */
interface PrintJob {
  /** Which screen's sheet it is (a patient's history, a visit): another screen shows none of it. */
  owner: string;
  model: PrintModel | null;
  /** Moves with each sheet made. */
  nonce: number;
  /** The dialog was opened for this nonce. */
  opened: number;
  /** The visit whose sheet is being prepared (its id), or null. */
  preparing: string | null;
}

let job: PrintJob = { owner: '', model: null, nonce: 0, opened: 0, preparing: null };
const listeners = new Set<() => void>();

function setJob(next: Partial<PrintJob>): void {
  job = { ...job, ...next };
  for (const listener of listeners) listener();
}

// A sheet holds a patient's record: it goes with the session that printed it (signed out, or another user).
let printedBy = getSession().token;
subscribeSession(() => {
  if (getSession().token === printedBy) return;
  printedBy = getSession().token;
  setJob({ owner: '', model: null, preparing: null });
});

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The printing of `owner`'s sheets (a place on screen: `patient:12`, `visit:40`). */
export function usePrint(owner: string) {
  const { user } = useSession();
  const current = useSyncExternalStore(subscribe, () => job);
  const ask = useAsk();
  // Quiet: printing goes on without the server's word (the sheet then says less).
  const { run } = useAction<{ data: Printed }>({ failure: false });
  const prepare = async (visit: BaseRecord, patient: BaseRecord | undefined, lang: Lang, document: PrintDocument, letter: LetterInput): Promise<PrintModel> => {
    const patientId = patient?.id ?? visit.patient_id;
    // Without the server's answer the sheet names the prescriber only when it is the person printing.
    const ownVisit = user && Number(visit.doctor_id) === user.id && (user.role === TENANT_ROLE.mainDoctor || user.role === TENANT_ROLE.doctor);
    const unknown: Printed = { prescriber: ownVisit ? user.name : null, printed_at: new Date().toISOString(), first_printed_at: null };
    const within = deadline(PRINT_WAIT_MS);
    const [printed, letterhead, allergies, person] = await Promise.all([
      // The print is in the audit trail like any opening of the record, and the server names the
      // prescriber of record and an earlier print; printing goes on regardless.
      visit.id !== undefined ? within(run({ url: `/visitings/${String(visit.id)}/prints`, meta: { quiet: true } }).then((r) => r.data), unknown) : unknown,
      // Without it (offline for a moment) the sheet still prints, with the clinic's name alone.
      within(ask<{ data: LetterheadAnswer }>('/settings/letterhead', { quiet: true }).then((r) => letterheadLines(r.data)), null),
      // The pharmacist is told of the allergies too (those the printing user may read).
      patientId ? within(ask<{ data: { allergies: Record<string, unknown>[] | null } }>(`/patients/${String(patientId)}/safety`, { quiet: true }).then((r) => r.data.allergies), null) : null,
      // The patient as the screen read them; read here when a press came before that answer (a
      // slow phone): a sheet, and the content its code vouches for, never go out without the name.
      patient ?? (patientId ? within(ask<{ data: BaseRecord }>(`/patients/${String(patientId)}`, { quiet: true }).then((r) => r.data), undefined) : undefined),
      loadLanguage(lang),
    ]);
    const built = printModel({ lang, letterhead, clinic: user?.tenant?.name, doctor: printed.prescriber, printed, patient: person, allergies, visit, document, letter });
    // The sheet's verification code (issue 40): for a visit the server has, when it answers.
    const verify =
      visit.id !== undefined
        ? await issueVerification((url, values) => run<{ data: IssuedDocument }>({ url, values, meta: { quiet: true } }), `/visitings/${String(visit.id)}/printed-documents`, { kind: PRINTED_KIND[document], content: printedContent(built) }, within)
        : null;
    return { ...built, verify };
  };
  const print = async (visit: BaseRecord, patient: BaseRecord | undefined, lang: Lang = currentLang(), document: PrintDocument = 'prescription', letter: LetterInput = {}) => {
    if (job.preparing !== null) return;
    setJob({ owner, preparing: String(visit.id) });
    try {
      setJob({ owner, model: await prepare(visit, patient, lang, document, letter), nonce: job.nonce + 1 });
    } finally {
      setJob({ preparing: null });
    }
  };
  const mine = current.owner === owner;
  return {
    model: mine ? current.model : null,
    // A sheet already opened is not opened again when its screen is drawn anew.
    nonce: mine && current.opened !== current.nonce ? current.nonce : 0,
    /** A print is being prepared (this screen's or another's): the other buttons wait. */
    preparing: current.preparing !== null,
    /** This visit's sheet is being prepared: its button says so. */
    preparingFor: (visit: BaseRecord) => current.preparing === String(visit.id),
    /** Says the dialog was opened for the sheet. */
    opened: () => setJob({ opened: job.nonce }),
    print,
  };
}

/**
 * Opens the browser's print dialog once a sheet is rendered: each time `nonce` moves while `ready`
 * (a sheet beside the app's root, shown on paper only: print.css); `onOpened` is told it was.
 */
export function usePrintDialog(ready: boolean, nonce: number, onOpened?: () => void): void {
  useEffect(() => {
    if (!ready || !nonce) return;
    const timer = window.setTimeout(() => {
      window.print();
      onOpened?.();
    }, 50);
    return () => window.clearTimeout(timer);
    // onOpened: the caller's, a new function each draw; the dialog follows the sheet alone.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready, nonce]);
}

/**
 * The tab's title names the sheet while it prints (each time `nonce` moves): a PDF saved from the
 * dialog takes it as its file name. The screen's own title comes back after printing.
 */
export function usePrintTitle(title: string | null, nonce: number): void {
  useEffect(() => {
    if (!title || !nonce) return;
    const before = document.title;
    document.title = title;
    const restore = () => {
      document.title = before;
    };
    window.addEventListener('afterprint', restore, { once: true });
    return () => {
      window.removeEventListener('afterprint', restore);
      restore();
    };
  }, [title, nonce]);
}
