// How a photographed page is made small enough to send: drawn no larger than LONG_EDGE on its long
// side, encoded as JPEG at falling qualities, then at smaller sizes, until it is under PAGE_LIMIT.
// JPEG, not WebP: every phone browser encodes it from a canvas (Safari cannot encode WebP), and a
// photographed paper compresses well in it.

/** At most this many bytes a page (about 1 MB). */
export const PAGE_LIMIT = 1_000_000;
/** A photo larger than this is refused before it is read (no phone camera makes one). */
export const SOURCE_LIMIT = 40 * 1024 * 1024;
/** Long edges tried, largest first: 2000 px keeps a printed page's small type readable. */
export const LONG_EDGES = [2000, 1600, 1280] as const;
export const QUALITIES = [0.85, 0.75, 0.65, 0.55] as const;

export interface EncodeStep {
  width: number;
  height: number;
  quality: number;
}

/** The size of a picture scaled to fit `edge` on its long side (never enlarged). */
export function fitWithin(width: number, height: number, edge: number): { width: number; height: number } {
  const scale = Math.min(1, edge / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** The encodings to try in order; the first under PAGE_LIMIT is sent. A small picture is not tried twice at one size. */
export function encodePlan(width: number, height: number): EncodeStep[] {
  const sizes: { width: number; height: number }[] = [];
  for (const edge of LONG_EDGES) {
    const size = fitWithin(width, height, edge);
    if (!sizes.some((s) => s.width === size.width && s.height === size.height)) sizes.push(size);
  }
  return sizes.flatMap((size) => QUALITIES.map((quality) => ({ ...size, quality })));
}
