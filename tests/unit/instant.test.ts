// Stored moments are shown in the platform's time zone (engine/instant.ts), whatever the device's.
import { describe, expect, it } from 'vitest';
import { instantText } from '../../src/client/engine/instant';

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
