// The 72-hour rule of signing in without the server (src/client/offline/signInAge.ts): an offline
// sign-in is accepted only within 72 hours of the last online one on the device.
import { describe, expect, it } from 'vitest';
import { OFFLINE_SIGN_IN_HOURS, offlineSignInAllowed } from '../../src/client/offline/signInAge';

const ONLINE = '2026-11-23T07:30:00.000Z';
const at = (ms: number) => new Date(Date.parse(ONLINE) + ms);
const HOUR = 3600_000;

describe('signing in offline: the age of the last online sign-in', () => {
  it('is 72 hours', () => {
    expect(OFFLINE_SIGN_IN_HOURS).toBe(72);
  });

  it.each([
    { name: 'at once', now: at(0), allowed: true },
    { name: 'the next morning', now: at(24 * HOUR), allowed: true },
    { name: 'at 72 hours exactly', now: at(72 * HOUR), allowed: true },
    { name: 'a millisecond after 72 hours', now: at(72 * HOUR + 1), allowed: false },
    { name: 'a week later', now: at(7 * 24 * HOUR), allowed: false },
    // A clinic PC whose clock went back (a flat battery after a power cut) still opens during a cut.
    { name: 'with the clock set back a day', now: at(-24 * HOUR), allowed: true },
  ])('$name: $allowed', ({ now, allowed }) => {
    expect(offlineSignInAllowed(ONLINE, now)).toBe(allowed);
  });

  it.each(['', 'yesterday', '2026-13-45T99:00:00Z'])('refuses a time that cannot be read: %j', (onlineAt) => {
    expect(offlineSignInAllowed(onlineAt, at(HOUR))).toBe(false);
  });

  it('counts in the instant, whatever zone the time was written in', () => {
    expect(offlineSignInAllowed('2026-11-23T10:30:00.000+03:00', at(72 * HOUR))).toBe(true);
    expect(offlineSignInAllowed('2026-11-23T10:30:00.000+03:00', at(72 * HOUR + 1))).toBe(false);
  });
});
