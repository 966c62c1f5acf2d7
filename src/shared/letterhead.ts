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
}

export interface LetterheadAnswer extends Letterhead {
  /** The clinic profile's values, printed where a line is left empty. */
  profile: { specialty: string | null; address: string | null; phone: string | null };
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
