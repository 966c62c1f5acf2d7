// Login returns only to a path of this site: never another origin, never a loop back to login.
import { describe, expect, it } from 'vitest';
import { loginPath, safeReturnPath } from '../../src/client/providers/returnPath';

const ORIGIN = 'http://demo.localhost:3000';

describe('safeReturnPath', () => {
  it('keeps a path of this site with its query and fragment', () => {
    expect(safeReturnPath('/patients/12', ORIGIN)).toBe('/patients/12');
    expect(safeReturnPath('/patients/12/appointments?tab=1#top', ORIGIN)).toBe('/patients/12/appointments?tab=1#top');
  });
  it.each([
    ['missing', null],
    ['empty', ''],
    ['protocol-relative', '//evil.example/x'],
    ['absolute', 'https://evil.example/'],
    ['backslash', '/\\evil.example'],
    ['script', 'javascript:alert(1)'],
    ['relative', 'patients/12'],
    ['login itself', '/login?to=/x'],
    ['home', '/'],
  ])('refuses %s', (_what, raw) => {
    expect(safeReturnPath(raw, ORIGIN)).toBeNull();
  });
});

describe('loginPath', () => {
  it('carries the page, encoded, and nothing for home or login', () => {
    expect(loginPath('/patients/12?tab=1')).toBe('/login?to=%2Fpatients%2F12%3Ftab%3D1');
    expect(loginPath('/')).toBe('/login');
    expect(loginPath('/login?to=/x')).toBe('/login');
    expect(loginPath()).toBe('/login');
  });
});
