// What outside use found (issue 39), in the browser: /401 ends the session and goes to login, as
// the specification says of a 401.
import { describe, expect, it } from 'vitest';
import { baseUrl, login, pagePerTest, waitForPath } from './browser';

const { page } = pagePerTest();

describe('outside use', () => {
  it('/401 clears the session and shows the login', async () => {
    const p = page();
    await login(p, 'demo.localhost', 'secretary');
    await waitForPath(p, '/dashboard');
    expect(await p.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    await p.goto(`${baseUrl('demo.localhost')}/401`);
    await waitForPath(p, '/login');
    expect(await p.evaluate(() => localStorage.getItem('token'))).toBeNull();
    // Nothing of the session is left: the app's pages send to login again.
    await p.goto(`${baseUrl('demo.localhost')}/patients`);
    await waitForPath(p, '/login');
  });
});
