// A stored phone (E.164) shown as people read it, left to right inside right-to-left text.
// Iraqi numbers are written without the formatting library (iraqiPhone.ts); for any other the
// library is loaded on first use, in its own chunk: until it arrives (a moment, once) the number
// shows as stored, which reads just as well.
import { useEffect, useState } from 'react';
import { formatIraqiPhone } from './iraqiPhone';

type Format = (value: string) => string;
let format: Format | null = null;
let loading: Promise<Format> | null = null;

function loadFormat(): Promise<Format> {
  loading ??= import('../../shared/phone').then((m) => (format = (value: string) => m.formatPhone(value)));
  return loading;
}

/**
 * The phone formatter for `value`: Iraqi numbers at once; others once the library is loaded (the
 * identity until then), the caller re-rendering when it is.
 */
export function usePhoneFormat(value: string): Format {
  const iraqi = formatIraqiPhone(value) !== null;
  // A function given to useState is called as its initializer: wrap it, or React calls format().
  const [ready, setReady] = useState<Format | null>(() => format);
  useEffect(() => {
    if (ready || iraqi) return;
    let live = true;
    loadFormat()
      .then((f) => live && setReady(() => f))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [ready, iraqi]);
  return (v) => formatIraqiPhone(v) ?? (ready ? ready(v) : v);
}

/**
 * <bdi dir="ltr">: "+964 750…" never shows reversed, nor moves the text around it. One token, as a
 * date is: never broken across lines (a narrow column on a phone showed "0751 780" over "2432").
 */
export function PhoneText({ value }: { value: string }) {
  const formatPhone = usePhoneFormat(value);
  return (
    <bdi dir="ltr" className="no-wrap" data-phone={value}>
      {formatPhone(value)}
    </bdi>
  );
}
