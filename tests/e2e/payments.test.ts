// Money at the desk (issue 19), in Kurdish: the secretary books a patient and takes part of the
// fee with the booking (typed in Arabic-Indic digits, Save clicked twice: one payment), checks
// the patient in, sees what is still owed on the patient's Payments tab, prints the numbered
// receipt (to PDF, /tmp/payments-receipt.pdf) on a phone, refunds part of it, and the day's cash
// report counts it all once.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import ar from '../../locales/ar.json';
import ckb from '../../locales/ckb.json';
import { api, baseUrl, drawnOrder, kurdishSessions, leftToRight, screenshot, submitUntilSent, waitForPrint, perRun } from './browser';

const CLINIC = 'demo.localhost';
const url = (path: string) => `${baseUrl(CLINIC)}${path}`;
// A retried test makes records of its own: new names, and its bookings 52 weeks later (same
// weekday), since the first run's booking holds its slot (one doctor's bookings never overlap).
const run = perRun();
const { day } = run;

const signedIn = kurdishSessions(CLINIC);

/** Digits of any script as Latin ones, separators dropped: ١٥٬٠٠٠ -> 15000. */
const latinDigits = (text: string) => text.replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660)).replace(/[,٬.]/g, '');

interface Payment {
  id: number;
  amount: string;
  method: number;
  receipt_number: number;
  refund_of: number | null;
}

describe('payments at the desk', () => {
  it('the secretary takes part of the fee, prints the receipt and refunds part of it; the cash report counts it once', async () => {
    const desk = await signedIn('secretary', 1440);
    const name = `Payer ${run.tag}`;
    const patient = (await api<{ data: { id: number; file_number: number } }>(desk, '/patients', { method: 'POST', body: { name, gender: 1, language: 'ar' } })).body.data;
    const before = (await api<{ data: { total: { net: number } } }>(desk, '/payments/daily')).body.data.total.net;

    // Booked for 25,000; 10,000 taken now by card, typed as Arabic-Indic digits.
    await desk.goto(url(`/appointments/create?patient_id=${patient.id}&date=${day('2031-08-08')}&time=06:20`));
    await desk.locator('#field-amount').fill('25000');
    await desk.locator('#field-payment').fill('١٠٠٠٠');
    // Card, chosen from the keyboard once the list is open (the next after cash).
    await desk.getByTestId('payment-fields').locator('.ant-select').click();
    await desk.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: ckb.enums.paymentMethod['1'] }).waitFor();
    await desk.keyboard.press('ArrowDown');
    await desk.keyboard.press('Enter');
    const chosen = desk.getByTestId('payment-fields').locator('.ant-select-selection-item');
    await expect.poll(() => chosen.innerText()).toBe(ckb.enums.paymentMethod['1']);
    await screenshot(desk, 'payments-booking-1440', { fullPage: true });
    await desk.getByTestId('appointment-save').dblclick();
    await desk.waitForURL((u) => u.pathname !== '/appointments/create');
    const paymentsOf = async () => (await api<{ data: Payment[] }>(desk, `/payments?filter[patient_id]=${patient.id}&sort=id`)).body.data;
    await expect.poll(async () => (await paymentsOf()).map((p) => [Number(p.amount), p.method])).toEqual([[10000, 1]]);
    const booking = (await api<{ data: { id: number; paid_amount: string; is_paid: boolean }[] }>(desk, `/appointments?filter[patient_id]=${patient.id}`)).body.data[0];
    expect([Number(booking.paid_amount), booking.is_paid]).toEqual([10000, false]);
    // Arrived: the booking is owed from now on.
    expect((await api(desk, `/appointments/${booking.id}`, { method: 'PATCH', body: { status: 1 } })).status).toBe(200);

    // On a phone: the patient's Payments tab says 15,000 is still owed.
    const phone = await signedIn('secretary', 390);
    await phone.goto(url(`/patients/${patient.id}/payments`));
    const owed = await phone.evaluate(() => (15000).toLocaleString('ckb', { maximumFractionDigits: 2 }));
    await expect.poll(() => phone.getByTestId('balance-tag').innerText()).toContain(owed);
    const [paid] = await paymentsOf();
    await phone.locator('.ant-table-row', { hasText: String(paid.receipt_number) }).first().waitFor();
    await screenshot(phone, 'payments-tab-390', { fullPage: true });

    // Its receipt, in the patient's language while the interface stays Kurdish: numbered, the
    // patient and file number, the sum by card, what is still owed.
    await phone.goto(url(`/payments/show/${paid.id}`));
    await phone.getByTestId('receipt-print').click();
    await waitForPrint(phone);
    const sheet = phone.getByTestId('print-receipt');
    expect([await sheet.getAttribute('lang'), await sheet.getAttribute('dir')]).toEqual(['ar', 'rtl']);
    await phone.emulateMedia({ media: 'print' });
    const text = await sheet.innerText();
    expect(text).toContain(ar.payments.receipt);
    expect(text).toContain(`#${paid.receipt_number}`);
    expect(text).toContain(name);
    expect(text).toContain(ar.enums.paymentMethod['1']);
    expect(latinDigits(await phone.getByTestId('print-receipt-balance').innerText())).toContain('15000');
    // What it paid for: the booking's day, drawn left to right inside the Arabic sentence.
    expect(leftToRight(await drawnOrder(phone, '[data-testid="print-receipt-for"]', day('2031-08-08')))).toBe(true);
    await phone.pdf({ path: '/tmp/payments-receipt.pdf', preferCSSPageSize: true, printBackground: true });
    await phone.emulateMedia({ media: 'screen' });
    const pdfText = execFileSync('pdftotext', ['-layout', '/tmp/payments-receipt.pdf', '-']).toString();
    expect(pdfText).toContain(`#${paid.receipt_number}`);
    // It carries its verification code (issue 40): the clinic's public page says it is a valid receipt.
    const code = String(await sheet.getByTestId('print-verify').getAttribute('data-url')).split('/verify/')[1];
    const checked = await phone.evaluate(async (c) => (await fetch(`/api/v1/public/printed-documents/${c}`)).json() as Promise<{ data: unknown }>, code);
    expect(checked.data).toMatchObject({ status: 'valid', kind: 'receipt' });

    // 2,000 of it refunded: a row of its own, negative, with the next receipt number.
    await phone.getByTestId('payment-refund').click();
    await phone.locator('#refund-amount').fill('2000');
    // A click landing while the dialog still settles is lost, as a person's would be (once in a
    // loaded CI run the refund was never sent): clicked again, noted, until the refund goes.
    const refunded = await submitUntilSent(phone, phone.getByTestId('payment-refund-ok'), 'POST', `/api/v1/payments/${paid.id}/refund`);
    expect(refunded.status(), await refunded.text()).toBeLessThan(300);
    await expect.poll(async () => (await paymentsOf()).map((p) => Number(p.amount))).toEqual([10000, -2000]);
    const refund = (await paymentsOf())[1];
    expect(refund.refund_of).toBe(paid.id);
    expect(refund.receipt_number).toBeGreaterThan(paid.receipt_number);

    // The day's cash: 8,000 more than before, whoever else took money meanwhile aside.
    await desk.goto(url('/daily-cash'));
    await desk.getByTestId('cash-methods').locator('.ant-table-row').first().waitFor();
    const after = (await api<{ data: { total: { net: number } } }>(desk, '/payments/daily')).body.data.total.net;
    expect(after - before).toBe(8000);
    await screenshot(desk, 'payments-daily-1440', { fullPage: true });
    // Printed as a sheet of its own: on paper only the report, with its total.
    await desk.getByTestId('cash-print').click();
    await waitForPrint(desk);
    await desk.emulateMedia({ media: 'print' });
    expect(await desk.getByTestId('print-cash').isVisible()).toBe(true);
    expect(await desk.getByTestId('print-cash').getByTestId('cash-net').innerText()).toBe(await desk.locator('.ant-card').getByTestId('cash-net').first().innerText());
    await desk.pdf({ path: '/tmp/payments-daily.pdf', printBackground: true, preferCSSPageSize: true });
    // On A4 whatever the browser's default paper (US Letter in English).
    expect(execFileSync('pdfinfo', ['/tmp/payments-daily.pdf']).toString()).toMatch(/Page size:\s+59\d\.\d+ x 841\.\d+ pts \(A4\)/);
    await desk.emulateMedia({ media: 'screen' });
  });
});
