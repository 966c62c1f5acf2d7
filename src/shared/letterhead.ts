// The clinic's printed letterhead, as GET /settings/letterhead answers it and the prints read it.

export const PAPER_SIZES = ['A5', 'A4'] as const;
export type PaperSize = (typeof PAPER_SIZES)[number];

export interface Letterhead {
  name: string;
  specialty: string | null;
  address: string | null;
  phone: string | null;
  licence_number: string | null;
  paper_size: PaperSize;
  /** The clinic's logo as a data URL (PNG, JPEG or WebP), or null. */
  logo: string | null;
}

/** The largest logo kept, in bytes of image (a letterhead logo needs a few KiB). */
export const LOGO_MAX_BYTES = 100 * 1024;
/** A logo's data URL: base64 of a PNG, JPEG or WebP image. */
export const LOGO_PATTERN = '^data:image/(png|jpeg|webp);base64,[A-Za-z0-9+/]+={0,2}$';

/** Whether the bytes are the image the data URL says (PNG, JPEG or WebP signature). */
export function logoMatches(type: string, bytes: Uint8Array): boolean {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (type === 'png') return starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
  if (type === 'jpeg') return starts(0xff, 0xd8, 0xff);
  if (type === 'webp') return starts(0x52, 0x49, 0x46, 0x46) && bytes[8] === 0x57 && bytes[9] === 0x45 && bytes[10] === 0x42 && bytes[11] === 0x50;
  return false;
}

export interface LetterheadAnswer extends Letterhead {
  /** The clinic profile's values, printed where a line is left empty. */
  profile: { specialty: string | null; address: string | null; phone: string | null };
}

/** A sheet's letterhead when the clinic's could not be read (offline for a moment): its name alone. */
export function plainLetterhead(name: string): Letterhead {
  return { name, specialty: null, address: null, phone: null, licence_number: null, paper_size: 'A5', logo: null };
}

/** The lines a sheet prints: the letterhead's own, else the profile's. */
export function letterheadLines(answer: LetterheadAnswer): Letterhead {
  return {
    ...answer,
    specialty: answer.specialty ?? answer.profile.specialty,
    address: answer.address ?? answer.profile.address,
    phone: answer.phone ?? answer.profile.phone,
  };
}
