// What a JPEG carries besides its picture, read from its segments (the markers before the scan):
// EXIF (camera, time, orientation and GPS location), XMP, IPTC, comments. A photo re-encoded
// through a canvas has none of them; stripJpegMetadata makes sure of it before an upload, and the
// tests read uploaded bytes with readJpegMetadata to prove no location leaves the phone.

export interface JpegMetadata {
  /** The metadata segments found, in order: "APP1 Exif", "APP1 XMP", "APP13", "COM"… */
  segments: string[];
  exif: boolean;
  /** The EXIF names a GPS directory (a location). */
  gps: boolean;
  /** The EXIF orientation (1 upright … 8), when there is one. */
  orientation: number | null;
}

const SOI = 0xd8;
const SOS = 0xda;
const APP0 = 0xe0;
const APP1 = 0xe1;
const APP15 = 0xef;
const COM = 0xfe;
const TAG_ORIENTATION = 0x0112;
const TAG_GPS = 0x8825;

interface Segment {
  marker: number;
  /** Where the segment starts (its 0xFF) and ends (after its payload). */
  start: number;
  end: number;
  payload: Uint8Array;
}

/** The segments before the scan; throws when the bytes are not a JPEG. */
function segmentsOf(bytes: Uint8Array): { segments: Segment[]; scanAt: number } {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== SOI) throw new Error('not a JPEG');
  const segments: Segment[] = [];
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) throw new Error(`no marker at ${at}`);
    const start = at;
    // Fill bytes (0xFF 0xFF…) may pad a marker.
    while (bytes[at + 1] === 0xff) at++;
    const marker = bytes[at + 1];
    if (marker === SOS) return { segments, scanAt: start };
    const length = (bytes[at + 2] << 8) | bytes[at + 3];
    const end = at + 2 + length;
    if (length < 2 || end > bytes.length) throw new Error(`segment past the end at ${at}`);
    segments.push({ marker, start, end, payload: bytes.subarray(at + 4, end) });
    at = end;
  }
  throw new Error('no scan');
}

const ascii = (bytes: Uint8Array, from: number, length: number) => String.fromCharCode(...bytes.subarray(from, from + length));

/** The orientation and GPS pointer of an EXIF payload ("Exif\0\0" + a TIFF structure): IFD0 only. */
function readExif(payload: Uint8Array): { gps: boolean; orientation: number | null } {
  const tiff = payload.subarray(6);
  const view = new DataView(tiff.buffer, tiff.byteOffset, tiff.byteLength);
  const little = ascii(tiff, 0, 2) === 'II';
  const ifd = view.getUint32(4, little);
  const count = view.getUint16(ifd, little);
  let gps = false;
  let orientation: number | null = null;
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    const tag = view.getUint16(entry, little);
    if (tag === TAG_GPS) gps = true;
    if (tag === TAG_ORIENTATION) orientation = view.getUint16(entry + 8, little);
  }
  return { gps, orientation };
}

function nameOf({ marker, payload }: Segment): string {
  if (marker === COM) return 'COM';
  const name = `APP${marker - APP0}`;
  if (marker === APP1 && ascii(payload, 0, 6) === 'Exif\0\0') return `${name} Exif`;
  if (marker === APP1 && ascii(payload, 0, 28) === 'http://ns.adobe.com/xap/1.0/') return `${name} XMP`;
  return name;
}

/** A metadata segment: any application segment but JFIF's APP0 (density only), or a comment. */
const isMetadata = (marker: number) => (marker > APP0 && marker <= APP15) || marker === COM;

export function readJpegMetadata(bytes: Uint8Array): JpegMetadata {
  const found = segmentsOf(bytes).segments.filter((s) => isMetadata(s.marker));
  const exif = found.find((s) => nameOf(s) === 'APP1 Exif');
  const { gps, orientation } = exif ? readExif(exif.payload) : { gps: false, orientation: null };
  return { segments: found.map(nameOf), exif: !!exif, gps, orientation };
}

/** The same JPEG without its metadata segments (the picture's bytes are kept as they are). */
export function stripJpegMetadata(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  const { segments, scanAt } = segmentsOf(bytes);
  const kept = segments.filter((s) => !isMetadata(s.marker));
  const size = 2 + kept.reduce((sum, s) => sum + s.end - s.start, 0) + bytes.length - scanAt;
  const out = new Uint8Array(size);
  out.set([0xff, SOI]);
  let at = 2;
  for (const s of kept) {
    out.set(bytes.subarray(s.start, s.end), at);
    at += s.end - s.start;
  }
  out.set(bytes.subarray(scanAt), at);
  return out;
}
