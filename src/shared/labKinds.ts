// The values a lab test's result kind and a result's flag may hold (issue 40): a module of their
// own, as the declarations (resources/labs/) load with every screen and the range logic
// (labRanges.ts) need not.

/** What a catalog test's result is: a number against a range, or a text against normal answers. */
export const RESULT_KINDS = ['number', 'text'] as const;
export type ResultKind = (typeof RESULT_KINDS)[number];

/** Below or above a number's range, or a text answer not among the normal ones. */
export const LAB_FLAGS = ['low', 'high', 'abnormal'] as const;
export type LabFlag = (typeof LAB_FLAGS)[number];
