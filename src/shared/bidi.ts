// Direction marks for plain strings (document and card titles, toasts, notification texts) where
// no element can isolate a token: LEFT-TO-RIGHT ISOLATE ... POP DIRECTIONAL ISOLATE (Unicode's
// bidirectional algorithm, UAX #9), the text equivalent of <bdi dir="ltr">.
const LRI = '\u2066';
const FSI = '\u2068';
const PDI = '\u2069';

/** A left-to-right token (a date, a phone, a code) kept in order inside right-to-left text. */
export function isolateLtr(text: string): string {
  return `${LRI}${text}${PDI}`;
}

/** A token of either direction (a name, a dose) taking its direction from its first letter. */
export function isolateAuto(text: string): string {
  return `${FSI}${text}${PDI}`;
}

/** The text without direction marks (to compare or store what was shown). */
export function stripBidiMarks(text: string): string {
  return text.replace(/[\u200e\u200f\u2066-\u2069\u061c]/g, '');
}
