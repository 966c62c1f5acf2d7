// The pure parts of camera capture (src/client/engine/capture): how large a page is drawn and how it
// is encoded, and the reading and stripping of a JPEG's metadata, on a real JPEG given the EXIF a
// phone writes (orientation 6 and a GPS location: tests/fixtures/exif.ts).
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LONG_EDGES, QUALITIES, encodePlan, fitWithin } from '../../src/client/engine/capture/photoPlan';
import { readJpegMetadata, stripJpegMetadata } from '../../src/client/engine/capture/jpegMetadata';
import { SIDEWAYS_PAGE, sidewaysPhoto } from '../fixtures/exif';

describe('the size a page is drawn at', () => {
  it.each([
    { from: [4000, 3000], edge: 2000, to: [2000, 1500] },
    { from: [3000, 4000], edge: 2000, to: [1500, 2000] },
    { from: [4032, 3024], edge: 1600, to: [1600, 1200] },
    { from: [1200, 800], edge: 2000, to: [1200, 800] }, // never enlarged
    { from: [2000, 2000], edge: 2000, to: [2000, 2000] },
    { from: [3, 9000], edge: 2000, to: [1, 2000] }, // never below a pixel
  ])('$from within $edge → $to', ({ from, edge, to }) => {
    const size = fitWithin(from[0], from[1], edge);
    expect([size.width, size.height]).toEqual(to);
  });
});

describe('the encodings tried', () => {
  it('starts at the largest edge and best quality, then lowers the quality before the size', () => {
    const plan = encodePlan(4032, 3024);
    expect(plan[0]).toEqual({ width: 2000, height: 1500, quality: QUALITIES[0] });
    expect(plan.slice(0, QUALITIES.length).map((s) => s.quality)).toEqual([...QUALITIES]);
    expect(plan[QUALITIES.length]).toEqual({ width: 1600, height: 1200, quality: QUALITIES[0] });
    expect(plan).toHaveLength(LONG_EDGES.length * QUALITIES.length);
    expect(Math.max(...plan.map((s) => Math.max(s.width, s.height)))).toBe(2000);
  });

  it('tries a small picture at its own size only, never twice', () => {
    expect(encodePlan(1000, 700)).toEqual(QUALITIES.map((quality) => ({ width: 1000, height: 700, quality })));
    // 1700 px: drawn at 1700 (2000 does not enlarge it), then 1600, then 1280.
    expect(new Set(encodePlan(1700, 1000).map((s) => s.width))).toEqual(new Set([1700, 1600, 1280]));
  });
});

describe('a JPEG’s metadata', () => {
  const plain = new Uint8Array(fs.readFileSync(SIDEWAYS_PAGE));
  const photo = sidewaysPhoto();

  it('reads the EXIF a phone writes: its orientation and that it holds a location', () => {
    expect(readJpegMetadata(photo)).toEqual({ segments: ['APP1 Exif', 'APP2'], exif: true, gps: true, orientation: 6 });
    // The same page as a canvas encodes it: no EXIF, only its colour profile.
    expect(readJpegMetadata(plain)).toEqual({ segments: ['APP2'], exif: false, gps: false, orientation: null });
  });

  it('strips every metadata segment and keeps the picture bytes as they were', () => {
    const stripped = stripJpegMetadata(photo);
    expect(readJpegMetadata(stripped)).toEqual({ segments: [], exif: false, gps: false, orientation: null });
    // Exactly the plain page without its profile: the scan (the picture) is untouched.
    expect(Buffer.from(stripped).equals(Buffer.from(stripJpegMetadata(plain)))).toBe(true);
    expect(Buffer.from(stripped.subarray(-1000)).equals(Buffer.from(photo.subarray(-1000)))).toBe(true);
    expect(Buffer.from(stripped).includes(Buffer.from('Exif'))).toBe(false);
    // JFIF's APP0 stays: it is no metadata of the person or the camera.
    expect(Buffer.from(stripped.subarray(0, 11))).toEqual(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]));
  });

  it.each([
    { name: 'a PNG', bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
    { name: 'a cut JPEG', bytes: sidewaysPhoto().subarray(0, 40) },
    { name: 'nothing', bytes: new Uint8Array() },
  ])('refuses $name as a JPEG', ({ bytes }) => {
    expect(() => readJpegMetadata(bytes)).toThrow();
    expect(() => stripJpegMetadata(bytes)).toThrow();
  });
});
