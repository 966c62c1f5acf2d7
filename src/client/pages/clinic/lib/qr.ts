// A printed document's QR code (issue 40): the `qrcode` library encodes the text, and its modules
// are drawn as one SVG path (no canvas, no markup from elsewhere), black on the sheet. The library
// is loaded only when something is printed, so no screen's bundle carries it.

import type { IssuedDocument } from '../../../../shared/printedDocuments';
import { PRINT_WAIT_MS, type Within, deadline } from './deadline';

export interface QrImage {
  /** Modules per side, without the quiet zone. */
  size: number;
  /** The dark modules, one unit square each, a row's neighbours merged. */
  path: string;
}

/** The path of a symbol's dark modules (`data`: size × size, row by row, 1 for dark). */
export function qrPath(modules: { size: number; data: ArrayLike<number> }): QrImage {
  const { size, data } = modules;
  const parts: string[] = [];
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      if (!data[y * size + x]) continue;
      let run = 1;
      while (x + run < size && data[y * size + x + run]) run++;
      parts.push(`M${x} ${y}h${run}v1h-${run}z`);
      x += run - 1;
    }
  }
  return { size, path: parts.join('') };
}

/** Error correction M: a code still reads with a fold or a stain over 15% of it. */
export const QR_OPTIONS = { errorCorrectionLevel: 'M' } as const;

export async function qrImage(text: string): Promise<QrImage> {
  const { create } = await import('qrcode');
  return qrPath(create(text, QR_OPTIONS).modules);
}

/** What a sheet needs to carry its code: the page's address, the document's number, the drawn code. */
export interface PrintVerification {
  id: number;
  url: string;
  qr: QrImage;
}

/**
 * Asks the server for the code of a sheet about to print (POST <record>/printed-documents) and
 * draws it. Null when it cannot be had (offline, a record not yet on the server, no answer by the
 * print's deadline: `within`, PRINT_WAIT_MS from now unless the print's own is given): the sheet
 * then prints without one rather than not at all.
 */
export async function issueVerification(post: (url: string, values: unknown) => Promise<{ data: IssuedDocument }>, url: string, values: unknown, within: Within = deadline(PRINT_WAIT_MS)): Promise<PrintVerification | null> {
  return within(
    post(url, values).then(async ({ data }) => ({ id: data.id, url: data.url, qr: await qrImage(data.url) })),
    null,
  );
}
