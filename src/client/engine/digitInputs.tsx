// Inputs that take digits of every script (٠١٢ and ۰۱۲ from Arabic-script keyboards) and convert
// them as typed, so nothing typed is wiped: antd's number input drops what it cannot read, and the
// date pickers read only ASCII digits. The conversion is the shared one (src/shared/digits.ts),
// which the server applies again to whatever arrives.
import { type ComponentProps, type InputHTMLAttributes, type ReactNode, forwardRef } from 'react';
import { DatePicker, type DatePickerProps, InputNumber, TimePicker, type TimePickerProps } from 'antd';
import type { RangePickerProps } from 'antd/es/date-picker';
import { CloseCircleFilled } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useT } from '../i18n/useT';
import { latinDigits, latinNumberText } from '../../shared/digits';
import { clinicPickerNow } from './clinicDay';

// Every picker below marks and offers the clinic's today, not the device's (clinicDay.ts).
dayjs.extend(clinicPickerNow);

/** What antd's number input reads from its text: ASCII digits, '.', '-' (its own rule, after ours). */
export function parseTypedNumber(text: string | undefined): string {
  return latinNumberText(text ?? '').replace(/[^\d.-]+/g, '');
}

export type NumberInputProps = ComponentProps<typeof InputNumber<number>>;

/**
 * The parser as antd's number input really calls it: it reads the text returned (its own default
 * parser returns text too), so '' stays empty rather than becoming 0. Its types say a number.
 */
const numberParser = parseTypedNumber as unknown as (text: string | undefined) => number;

/** antd's InputNumber reading ٣٧٫٥ as 37.5 (and 1٬000 as 1000). */
export function NumberInput(props: NumberInputProps) {
  return <InputNumber<number> parser={numberParser} {...props} />;
}

/**
 * The text input of antd's date and time pickers (`components={{ input: LatinDigitsInput }}`): a
 * typed ٢٠٢٥-٠١-٠٢ becomes 2025-01-02 before the picker parses it.
 */
export const LatinDigitsInput = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function LatinDigitsInput({ onChange, ...rest }, ref) {
  return (
    <input
      ref={ref}
      {...rest}
      onChange={(event) => {
        const latin = latinDigits(event.target.value);
        if (latin !== event.target.value) event.target.value = latin;
        onChange?.(event);
      }}
    />
  );
});

/** For the pickers' `components` prop. */
export const PICKER_DIGITS = { input: LatinDigitsInput } as const;

type ClearSetting = boolean | { clearIcon?: ReactNode } | undefined;

/** antd clears with an unnamed icon by default: ours is named in the reader's language. */
function useClear(allowClear: ClearSetting): ClearSetting {
  const named = usePickerClear();
  return allowClear === undefined || allowClear === true ? named : allowClear;
}

/**
 * The pickers every page uses (lint keeps antd's own out of pages): they read a typed ٢٠٢٥-٠١-٠٢
 * as 2025-01-02 and name their clear control, so no page can forget either.
 */
export function DateInput(props: DatePickerProps) {
  const allowClear = useClear(props.allowClear);
  return <DatePicker components={PICKER_DIGITS} {...props} allowClear={allowClear} />;
}

export function DateRangeInput(props: RangePickerProps) {
  const allowClear = useClear(props.allowClear);
  return <DatePicker.RangePicker components={PICKER_DIGITS} {...props} allowClear={allowClear} />;
}

export function TimeInput(props: TimePickerProps) {
  const allowClear = useClear(props.allowClear);
  return <TimePicker components={PICKER_DIGITS} {...props} allowClear={allowClear} />;
}


/** A date or time picker's clear control, named in the reader's language (antd's icon says "close-circle"). */
export function usePickerClear(): { clearIcon: ReactNode } {
  const t = useT();
  return { clearIcon: <CloseCircleFilled aria-label={t('buttons.clear', 'Clear')} /> };
}
