// The list vocabulary a declaration speaks (issue 16): a row action (an invoice marked paid, with
// its confirmation, its tag turning to "Paid" and the clinic's records refreshed) and a boolean
// switched in its row (a task done), and a create form naming the record that already holds a
// value (a patient's phone), in Kurdish, with no page written for any of them.
import { describe, expect, it } from 'vitest';
import ckb from '../../locales/ckb.json';
import { api, baseUrl, login, pagePerTest, waitForPath } from './browser';

const { page } = pagePerTest();

async function signedIn(host: string, user: string, width: number, password?: string) {
  const p = page();
  await p.setViewportSize({ width, height: 900 });
  await p.addInitScript(() => window.localStorage.setItem('user-locale', 'ckb'));
  await login(p, host, user, password);
  await waitForPath(p, '/dashboard');
  return p;
}

describe('declared list actions, in Kurdish', () => {
  it("names related records from the list's own answer: the visits list asks nothing per relation column", async () => {
    const doctor = await signedIn('demo.localhost', 'doctor', 1440);
    const visits = await api<{ data: { patient_id: number }[]; labels: Record<string, Record<string, string>> }>(doctor, '/visitings?per_page=25&sort=-date');
    const first = visits.body.data[0];
    const name = visits.body.labels.patient_id[String(first.patient_id)];
    const patient = await api<{ data: { name: string } }>(doctor, `/patients/${first.patient_id}`);
    expect(name).toBe(patient.body.data.name);
    const asked: string[] = [];
    doctor.on('request', (r) => {
      if (r.url().includes('/api/v1/')) asked.push(decodeURIComponent(new URL(r.url()).pathname + new URL(r.url()).search));
    });
    await doctor.goto(`${baseUrl('demo.localhost')}/visitings`);
    await doctor.locator('tbody tr.ant-table-row').first().waitFor();
    await doctor.locator('tbody').getByText(name).first().waitFor();
    expect(asked.filter((u) => u.startsWith('/api/v1/visitings')).length).toBeGreaterThan(0);
    // Before, each relation column asked for its records by id (filter[id][in]) once the rows came.
    // (The patient filter's options are a list of their own, asked for by the filter bar.)
    expect(asked.filter((u) => u.includes('filter[id][in]'))).toEqual([]);
  });

  it("the Owner marks a new clinic's invoice paid from the invoices list", async () => {
    const owner = await signedIn('localhost', 'owner', 1440);
    const tag = Date.now().toString(36);
    const plans = (await api<{ data: { id: number }[] }>(owner, '/plans?sort=-price')).body.data;
    const made = await api<{ data: { id: number } }>(owner, '/tenants', {
      method: 'POST',
      body: { name: `Dr. Ledger ${tag}`, subdomain: `ledger${tag}`, username: `doc${tag}`, password: 'Qx7-marble-orchid-92', plan_id: plans[0].id },
    });
    expect(made.status).toBe(201);
    const unpaid = await api<{ data: { id: number; is_paid: boolean }[] }>(owner, `/invoices?filter[tenant_id]=${made.body.data.id}`);
    expect(unpaid.body.data.map((i) => i.is_paid)).toEqual([false]);

    await owner.goto(`${baseUrl('localhost')}/doctors/show/${made.body.data.id}`);
    await owner.getByRole('tab', { name: ckb.resources.invoices.title }).click();
    const row = owner.locator('tbody tr', { hasText: ckb.invoices.isPaid.false });
    await row.getByTestId('row-markPaid').click();
    await owner.locator('.ant-popconfirm').getByText(ckb.invoices.markPaidConfirm).waitFor();
    await owner.locator('.ant-popconfirm').getByRole('button', { name: ckb.invoices.markPaid }).click();
    await owner.getByText(ckb.invoices.markedPaid).waitFor();
    await owner.locator('tbody .ant-tag').getByText(ckb.invoices.isPaid.true, { exact: true }).waitFor();
    await expect.poll(() => owner.getByTestId('row-markPaid').count()).toBe(0);
    const paid = await api<{ data: { is_paid: boolean; paid_at: string | null }[] }>(owner, `/invoices?filter[tenant_id]=${made.body.data.id}`);
    expect(paid.body.data[0]).toMatchObject({ is_paid: true });
    expect(paid.body.data[0].paid_at).not.toBeNull();
  }, 120_000);

  it('the doctor ticks a task done in its row at 390 px, and back', async () => {
    const doctor = await signedIn('demo.localhost', 'doctor', 390);
    const title = `Order gauze ${Date.now().toString(36)}`;
    const made = await api<{ data: { id: number } }>(doctor, '/tasks', { method: 'POST', body: { title } });
    expect(made.status).toBe(201);
    const id = made.body.data.id;
    try {
      await doctor.goto(`${baseUrl('demo.localhost')}/tasks?filters[0][field]=q&filters[0][operator]=eq&filters[0][value]=${encodeURIComponent(title)}`);
      const toggle = doctor.getByTestId(`toggle-is_done-${id}`);
      await toggle.scrollIntoViewIfNeeded();
      await toggle.click();
      await doctor.getByText(ckb.notifications.saved).first().waitFor();
      await expect.poll(async () => (await api<{ data: { is_done: boolean } }>(doctor, `/tasks/${id}`)).body.data.is_done).toBe(true);
      await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
      await toggle.click();
      await expect.poll(async () => (await api<{ data: { is_done: boolean } }>(doctor, `/tasks/${id}`)).body.data.is_done).toBe(false);
    } finally {
      await api(doctor, `/tasks/${id}`, { method: 'DELETE' });
    }
  }, 120_000);

  it("the secretary typing a known patient's phone locally, in Arabic-Indic digits, is shown that patient", async () => {
    const secretary = await signedIn('demo.localhost', 'secretary', 390);
    const known = (await api<{ data: { id: number; name: string; phone: string | null }[] }>(secretary, '/patients?filter[phone][null]=false&per_page=1')).body.data[0];
    expect(known.phone).toMatch(/^\+964/);
    // +964 771 188 1259 typed as ٠٧٧١١٨٨١٢٥٩.
    const local = `0${known.phone!.slice(4)}`.replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)]);
    await secretary.goto(`${baseUrl('demo.localhost')}/patients/create`);
    await secretary.locator('#field-phone').fill(local);
    const warning = secretary.getByTestId('existing-phone');
    await warning.getByText(known.name).waitFor();
    await warning.getByRole('link').click();
    await secretary.waitForURL((url) => url.pathname.startsWith('/patients/') && url.pathname.split('/').includes(String(known.id)));
    await secretary.getByText(known.name).first().waitFor();
  }, 120_000);
});
