// The engine's number, date and time inputs (src/client/engine/digitInputs.tsx), the only ones a
// page may use (eslint.config.js): each takes Arabic-script digits through its own input and names
// its clear control in the reader's language, so no page can forget either.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import dayjs from 'dayjs';
import ckb from '../../locales/ckb.json';
import { setLocale } from '../../src/client/i18n';
import { DateInput, DateRangeInput, TimeInput, parseTypedNumber } from '../../src/client/engine/digitInputs';

const day = dayjs('2026-11-27T09:30:00');
const pickers: [string, ReactElement, ReactElement][] = [
  ['a date', <DateInput value={day} />, <DateInput value={day} allowClear={false} />],
  ['a range of dates', <DateRangeInput value={[day, day]} />, <DateRangeInput value={[day, day]} allowClear={false} />],
  ['a time', <TimeInput value={day} format="HH:mm" />, <TimeInput value={day} format="HH:mm" allowClear={false} />],
];

describe('the engine inputs', () => {
  beforeAll(() => setLocale('ckb'));
  afterAll(() => setLocale('en'));

  it.each(pickers)('%s: its clear control is named in Kurdish, and absent when not clearable', (_name, clearable, fixed) => {
    expect(renderToStaticMarkup(clearable)).toContain(`aria-label="${ckb.buttons.clear}"`);
    expect(renderToStaticMarkup(fixed)).not.toContain(`aria-label="${ckb.buttons.clear}"`);
  });

  it.each([
    ['٢', '2'],
    ['٣٧٫٥', '37.5'],
    ['۱۲', '12'],
    ['1٬000', '1000'],
  ])('a number typed as %s reads as %s', (typed, read) => {
    expect(parseTypedNumber(typed)).toBe(read);
  });
});
