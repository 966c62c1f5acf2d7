// The list writes Iraqi numbers without libphonenumber-js: exactly as the library writes them.
import { describe, expect, it } from 'vitest';
import { formatPhone } from '../../src/shared/phone';
import { formatIraqiPhone } from '../../src/client/engine/iraqiPhone';

describe('formatIraqiPhone', () => {
  it('writes what formatPhone writes for every Iraqi number it takes, and leaves the rest to it', () => {
    let seed = 20;
    const digit = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return String(Math.floor((seed / 2147483648) * 10));
    };
    let taken = 0;
    for (let i = 0; i < 20000; i++) {
      const length = 7 + (i % 5);
      const value = `+964${Array.from({ length }, digit).join('')}`;
      const own = formatIraqiPhone(value);
      if (own === null) continue;
      taken++;
      expect(own, value).toBe(formatPhone(value));
    }
    expect(taken).toBeGreaterThan(1000);
    expect(formatIraqiPhone('+9647711881259')).toBe('0771 188 1259');
    expect(formatIraqiPhone('+12025550100')).toBeNull();
    expect(formatIraqiPhone('ask at the desk')).toBeNull();
  });
});
