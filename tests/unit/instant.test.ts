// Stored moments are shown in the platform's time zone (engine/instant.ts), whatever the device's.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clinicToday, instantText, platformZone, publicTimeZone } from '../../src/client/engine/instant';
import { getSession } from '../../src/client/providers/session';

describe('a stored moment on screen', () => {
  it.each([
    ['2026-11-26T19:05:40.008Z', 'Asia/Baghdad', '2026-11-26 22:05'],
    ['2026-11-26T19:05:40.008Z', 'UTC', '2026-11-26 19:05'],
    // Past midnight in Baghdad, still the day before in UTC: the clinic's date.
    ['2026-11-26T22:30:00Z', 'Asia/Baghdad', '2026-11-27 01:30'],
    ['2026-11-26T00:00:00Z', 'Asia/Baghdad', '2026-11-26 03:00'],
    ['2026-03-29T12:00:00Z', 'Europe/Berlin', '2026-03-29 14:00'],
    [new Date('2026-01-01T09:00:00Z'), 'Asia/Baghdad', '2026-01-01 12:00'],
    ['', 'Asia/Baghdad', ''],
    ['not a moment', 'Asia/Baghdad', 'not a moment'],
  ] as const)('%s in %s reads %s', (value, zone, shown) => {
    expect(instantText(value, zone)).toBe(shown);
  });

  it("takes the device's zone for a zone the browser does not know", () => {
    expect(instantText('2026-11-26T19:05:00Z', 'Mars/Olympus')).toBe(instantText('2026-11-26T19:05:00Z', undefined));
  });
});

describe("the clinic's today", () => {
  afterEach(() => vi.useRealTimers());
  it.each([
    // 22:30 UTC is already tomorrow in Baghdad: the day the server files a payment under.
    ['2026-11-27T22:30:00Z', 'Asia/Baghdad', '2026-11-28'],
    ['2026-11-27T20:59:00Z', 'Asia/Baghdad', '2026-11-27'],
    ['2026-11-27T22:30:00Z', 'UTC', '2026-11-27'],
  ] as const)('at %s in %s is %s', (now, zone, day) => {
    vi.useFakeTimers({ now: new Date(now) });
    expect(clinicToday(zone)).toBe(day);
  });
});

describe('signed out (the clinic\'s public pages)', () => {
  afterEach(() => vi.useRealTimers());
  it("counts in the zone a public answer named, not the device's", () => {
    expect(getSession().user).toBeNull();
    // Something else than a zone changes nothing.
    publicTimeZone(undefined);
    publicTimeZone(42);
    expect(platformZone()).toBeUndefined();
    publicTimeZone('Asia/Baghdad');
    expect(platformZone()).toBe('Asia/Baghdad');
    vi.useFakeTimers({ now: new Date('2026-11-27T22:30:00Z') });
    expect(clinicToday()).toBe('2026-11-28');
  });
});
