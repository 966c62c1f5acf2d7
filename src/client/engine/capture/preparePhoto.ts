// A photographed page made ready to send, in the browser: decoded upright (the camera's EXIF
// orientation applied by createImageBitmap), drawn on a canvas at the planned size and encoded as
// JPEG until it is under the page limit (photoPlan.ts). Drawing through a canvas keeps only the
// pixels: no EXIF, so no location, camera or time; stripJpegMetadata makes sure of it.
import { encodePlan, type EncodeStep, PAGE_LIMIT, SOURCE_LIMIT } from './photoPlan';
import { stripJpegMetadata } from './jpegMetadata';

export type CaptureProblem = 'notImage' | 'tooLarge' | 'failed';

export class CaptureError extends Error {
  constructor(readonly problem: CaptureProblem) {
    super(problem);
  }
}

function encode(bitmap: ImageBitmap, { width, height, quality }: EncodeStep): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new CaptureError('failed'));
  // JPEG has no transparency: a transparent picture is laid on white, like paper.
  context.fillStyle = '#fff';
  context.fillRect(0, 0, width, height);
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, width, height);
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new CaptureError('failed'))), 'image/jpeg', quality));
}

/** Page `index` (0-based) of a capture as the file to upload: upright, under PAGE_LIMIT, with no metadata. */
export async function preparePhoto(file: File, index: number): Promise<File> {
  // Some cameras leave the type empty: the decoder has the last word then.
  if (file.type && !file.type.startsWith('image/')) throw new CaptureError('notImage');
  if (file.size > SOURCE_LIMIT) throw new CaptureError('tooLarge');
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    throw new CaptureError('notImage');
  }
  try {
    for (const step of encodePlan(bitmap.width, bitmap.height)) {
      const blob = await encode(bitmap, step);
      if (blob.size > PAGE_LIMIT) continue;
      const clean = stripJpegMetadata(new Uint8Array(await blob.arrayBuffer()));
      // A plain name: the camera's own (often its date and time) is metadata too.
      return new File([clean], `photo-${index + 1}.jpg`, { type: 'image/jpeg' });
    }
    throw new CaptureError('tooLarge');
  } finally {
    bitmap.close();
  }
}
