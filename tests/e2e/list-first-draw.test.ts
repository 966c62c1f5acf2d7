// A list opened again draws its rows in its first draw (issue 41, providers/seedLists.ts): the
// rows asked ahead as the app starts are in before the list is drawn, and the list starts with
// them, asking nothing more; a change made after it is shown still reaches it (no stale rows).
// The page's CPU is slowed as a phone's (4x) so the list is drawn after the answer is in.
import { describe, expect, it } from 'vitest';
import { api, baseUrl, login, onRerun, pagePerTest, stamp, waitForPath } from './browser';

const { page } = pagePerTest();
const CLINIC = 'demo.localhost';
// A run of its own for a retried test: the first run's Shno would be found twice.
let tag = stamp('FD');
onRerun(() => (tag = stamp('FD')));

describe("a list's first draw", () => {
  it('has its rows when the list is opened again, with one request, and takes a later change', async () => {
    const p = page();
    await p.setViewportSize({ width: 1440, height: 900 });
    await p.addInitScript(() => {
      window.localStorage.setItem('user-locale', 'ckb');
      // What the list's table showed each time it changed: rows or none.
      const drawn: string[] = [];
      (window as unknown as { drawn: string[] }).drawn = drawn;
      new MutationObserver(() => {
        if (!document.querySelector('.ant-table')) return;
        const state = document.querySelector('.ant-table-row') ? 'rows' : 'empty';
        if (drawn[drawn.length - 1] !== state) drawn.push(state);
      }).observe(document, { childList: true, subtree: true });
    });
    await login(p, CLINIC, 'secretary');
    await waitForPath(p, '/dashboard');
    expect((await api(p, '/patients', { method: 'POST', body: { name: `${tag} Shno`, gender: 1 } })).status).toBe(201);
    // The first visit notes the list's read (its first draw has no rows yet: asked once mounted).
    await p.goto(`${baseUrl(CLINIC)}/patients`);
    await p.locator('.ant-table-row', { hasText: `${tag} Shno` }).waitFor();
    const cdp = await p.context().newCDPSession(p);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const asked: string[] = [];
    p.on('request', (r) => {
      if (/\/api\/v1\/patients\?/.test(r.url())) asked.push(r.url());
    });
    await p.goto(`${baseUrl(CLINIC)}/patients`);
    await p.locator('.ant-table-row', { hasText: `${tag} Shno` }).waitFor();
    expect(await p.evaluate(() => (window as unknown as { drawn: string[] }).drawn[0])).toBe('rows');
    expect(asked).toHaveLength(1);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    // A patient added elsewhere after the list is shown: the live change refetches the seeded rows.
    expect((await api(p, '/patients', { method: 'POST', body: { name: `${tag} Dilan`, gender: 1 } })).status).toBe(201);
    await p.locator('.ant-table-row', { hasText: `${tag} Dilan` }).waitFor();
  });
});
