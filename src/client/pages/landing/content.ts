// Pure helpers of the public landing pages: texts in the reader's language with fallbacks,
// the image for each screen size, safe links, plan prices (formatted by src/shared/money.ts).
import type { Lang } from '../../i18n';
import { formatNumberIn } from '../../../shared/money';

type Row = Record<string, unknown>;

function filled(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

/** `base_<lang>`, else the Kurdish text, else the English one, else ''. */
export function pickText(row: object | null | undefined, base: string, lang: Lang): string {
  if (!row) return '';
  for (const l of [lang, 'ckb', 'en']) {
    const value = (row as Row)[`${base}_${l}`];
    if (filled(value)) return value;
  }
  return '';
}

/** Screen widths: up to MOBILE_MAX is a phone, up to TABLET_MAX a tablet, wider a PC. */
export const MOBILE_MAX = 767;
export const TABLET_MAX = 1199;
export type Screen = 'mobile' | 'tablet' | 'pc';

export function screenOf(width: number): Screen {
  return width <= MOBILE_MAX ? 'mobile' : width <= TABLET_MAX ? 'tablet' : 'pc';
}

/** Order of preference when a screen's own image is missing: the nearest size first. */
const PREFERENCE: Record<Screen, Screen[]> = {
  mobile: ['mobile', 'tablet', 'pc'],
  tablet: ['tablet', 'pc', 'mobile'],
  pc: ['pc', 'tablet', 'mobile'],
};

/** The image URL a screen shows (`image_pc`, `image_tablet`, `image_mobile`), or null. */
export function imageFor(row: Row | null | undefined, screen: Screen): string | null {
  if (!row) return null;
  for (const s of PREFERENCE[screen]) {
    const url = safeUrl(row[`image_${s}`]);
    if (url) return url;
  }
  return null;
}

export interface PictureSources {
  /** <source> elements, narrowest first; only where the image differs from the fallback. */
  sources: { media: string; srcSet: string }[];
  /** The <img> itself: the PC image (or the nearest one). */
  fallback: string;
}

export function pictureSources(row: Row | null | undefined): PictureSources | null {
  const fallback = imageFor(row, 'pc');
  if (!fallback) return null;
  const sources: PictureSources['sources'] = [];
  const mobile = imageFor(row, 'mobile');
  const tablet = imageFor(row, 'tablet');
  // A phone matches the tablet query too: it needs its own source whenever it would differ.
  const widerThanPhone = tablet && tablet !== fallback ? tablet : fallback;
  if (mobile && mobile !== widerThanPhone) sources.push({ media: `(max-width: ${MOBILE_MAX}px)`, srcSet: mobile });
  if (tablet && tablet !== fallback) sources.push({ media: `(max-width: ${TABLET_MAX}px)`, srcSet: tablet });
  return { sources, fallback };
}

/** Only web, mail and phone links, or paths of this site; anything else (javascript:…) is dropped. */
export function safeUrl(value: unknown): string | null {
  if (!filled(value)) return null;
  const url = value.trim();
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  return /^(https?:\/\/|mailto:|tel:)/i.test(url) ? url : null;
}

/** The yearly price after the discount (a percentage, 0–100). */
export function discountedPrice(price: number | string, discount: number | null | undefined): number {
  const p = Number(price);
  const d = Math.min(100, Math.max(0, Number(discount ?? 0)));
  return Math.round(p * (100 - d)) / 100;
}

/** A plain number (a discount's percentage) in the language's digits. */
export function formatNumberText(value: number, lang: Lang): string {
  return formatNumberIn(lang, value, 2);
}
