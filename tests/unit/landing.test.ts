// Landing pages: texts in the reader's language with fallbacks, the image per screen size, safe
// links and plan prices; the upload request of file fields; the landing store's loading flag.
import './helpers/env';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { discountedPrice, imageFor, pickText, pictureSources, safeUrl, screenOf } from '../../src/client/pages/landing/content';
import { type UploadedFile, fileUrl, uploadCall, uploadError } from '../../src/client/engine/upload';
import { dataProvider } from '../../src/client/providers/dataProvider';
import { ApiError } from '../../src/client/providers/http';
import { getLanding, loadLandingPage, resetLanding } from '../../src/client/providers/landing';
import { setToastSink } from '../../src/client/providers/notify';
import { clearSession, setSession } from '../../src/client/providers/session';
import { setLocale } from '../../src/client/i18n';
import { fakeFetch, json } from './helpers/env';

/** An upload as the file input sends it: its action through the data provider's custom call. */
async function uploadFile(file: File, field: { publicFile?: boolean }): Promise<UploadedFile> {
  const { url, values } = uploadCall(file, field);
  const answer = await dataProvider.custom!<{ data: UploadedFile } & Record<string, unknown>>({ url, method: 'post', payload: values });
  return answer.data.data;
}

describe('landing texts', () => {
  const row = { title_en: 'Plans', title_ar: '', title_ckb: 'پلانەکان', subtitle_en: 'Yearly', subtitle_ar: null, subtitle_ckb: '  ' };

  it('reads the chosen language first', () => {
    expect(pickText(row, 'title', 'ckb')).toBe('پلانەکان');
    expect(pickText(row, 'title', 'en')).toBe('Plans');
  });

  it('falls back to Kurdish, then English, when the text is empty', () => {
    expect(pickText(row, 'title', 'ar')).toBe('پلانەکان');
    expect(pickText(row, 'subtitle', 'ar')).toBe('Yearly');
    expect(pickText(row, 'description', 'en')).toBe('');
    expect(pickText(null, 'title', 'en')).toBe('');
  });
});

describe('landing images by screen size', () => {
  const all = { image_pc: '/api/v1/uploads/1', image_tablet: '/api/v1/uploads/2', image_mobile: '/api/v1/uploads/3' };

  it('gives each screen its own image and a <picture> source per width', () => {
    expect([screenOf(375), screenOf(768), screenOf(1199), screenOf(1440)]).toEqual(['mobile', 'tablet', 'tablet', 'pc']);
    expect(imageFor(all, 'mobile')).toBe('/api/v1/uploads/3');
    expect(pictureSources(all)).toEqual({
      fallback: '/api/v1/uploads/1',
      sources: [
        { media: '(max-width: 767px)', srcSet: '/api/v1/uploads/3' },
        { media: '(max-width: 1199px)', srcSet: '/api/v1/uploads/2' },
      ],
    });
  });

  it('uses the nearest size when a screen has none, and no picture without images', () => {
    const pcOnly = { image_pc: '/api/v1/uploads/1', image_tablet: null, image_mobile: null };
    expect(imageFor(pcOnly, 'mobile')).toBe('/api/v1/uploads/1');
    expect(pictureSources(pcOnly)).toEqual({ fallback: '/api/v1/uploads/1', sources: [] });
    const mobileOnly = { image_pc: null, image_tablet: '', image_mobile: '/api/v1/uploads/3' };
    expect(imageFor(mobileOnly, 'pc')).toBe('/api/v1/uploads/3');
    expect(imageFor({ image_pc: null, image_tablet: '/t', image_mobile: null }, 'mobile')).toBe('/t');
    // A phone matches the tablet query too, so it keeps its own source when that differs.
    expect(pictureSources({ image_pc: '/p', image_tablet: '/t', image_mobile: '/p' })?.sources).toEqual([
      { media: '(max-width: 767px)', srcSet: '/p' },
      { media: '(max-width: 1199px)', srcSet: '/t' },
    ]);
    expect(pictureSources({ image_pc: null, image_tablet: null, image_mobile: null })).toBeNull();
  });

  it('drops unsafe addresses', () => {
    expect(safeUrl('javascript:alert(1)')).toBeNull();
    expect(safeUrl('//evil.example/x')).toBeNull();
    expect(safeUrl('https://facebook.com/clinic')).toBe('https://facebook.com/clinic');
    expect(safeUrl('/api/v1/uploads/4')).toBe('/api/v1/uploads/4');
    expect(imageFor({ image_pc: 'javascript:alert(1)' }, 'pc')).toBeNull();
  });

  it('computes the discounted yearly price', () => {
    expect(discountedPrice(1200, 50)).toBe(600);
    expect(discountedPrice('999.00', 0)).toBe(999);
    expect(discountedPrice(100, null)).toBe(100);
    expect(discountedPrice(100, 150)).toBe(0);
  });
});

describe('upload of a file field', () => {
  beforeEach(async () => {
    setToastSink(() => undefined);
    await setLocale('ar');
    setSession({ token: 'tok-9', user: null, role: 2 });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setToastSink(null);
    clearSession();
  });

  it('posts the file as multipart, public when the field says so, with the token and language', async () => {
    const { fn, calls } = fakeFetch({ 'POST /uploads': () => json(201, { data: { id: 7, url: '/api/v1/uploads/7', mime: 'image/png', size: 3, name: 'a.png' } }) });
    vi.stubGlobal('fetch', fn);
    const file = new File([new Uint8Array([1, 2, 3])], 'a.png', { type: 'image/png' });
    const stored = await uploadFile(file, { publicFile: true });
    expect(stored.id).toBe(7);
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call.url).toBe('/api/v1/uploads?public=1');
    expect(call.method).toBe('POST');
    expect(call.headers.Authorization).toBe('Bearer tok-9');
    expect(call.headers['Accept-Language']).toBe('ar');
    expect(call.headers['Content-Type']).toBeUndefined(); // the browser sets the multipart boundary
    expect(call.body).toBeInstanceOf(FormData);
    const sent = (call.body as FormData).get('file');
    expect(sent).toBeInstanceOf(File);
    expect((sent as File).name).toBe('a.png');

    await uploadFile(file, {});
    expect(calls[1].url).toBe('/api/v1/uploads');
  });

  it("gives the server's 422 message for the field", async () => {
    const { fn } = fakeFetch({ 'POST /uploads': () => json(422, { message: 'Invalid', errors: { file: ['الملف أكبر من 10 ميغابايت'] } }) });
    vi.stubGlobal('fetch', fn);
    const err = await uploadFile(new File(['x'], 'big.png'), { publicFile: false }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(uploadError(err)).toBe('الملف أكبر من 10 ميغابايت');
  });

  it('reads stored files from the uploads address', () => {
    expect(fileUrl(12)).toBe('/api/v1/uploads/12');
    expect(fileUrl('/api/v1/uploads/3')).toBe('/api/v1/uploads/3');
    expect(fileUrl(null)).toBeNull();
    expect(fileUrl('https://elsewhere.example/x.png')).toBeNull();
  });
});

describe('landing store', () => {
  beforeEach(() => resetLanding());
  afterEach(() => vi.unstubAllGlobals());

  it('sets the loading flag while loading and clears it after a success', async () => {
    const { fn } = fakeFetch({ 'GET /landing-page': () => json(200, { data: { sections: [{ key: 'hero', position: 10 }], plans: [] } }) });
    vi.stubGlobal('fetch', fn);
    const done = loadLandingPage('central');
    expect(getLanding().loading).toBe(true);
    await done;
    expect(getLanding().loading).toBe(false);
    expect(getLanding().central?.sections[0]).toEqual({ key: 'hero', position: 10, items: [] });
    expect(getLanding().errors).toEqual({});
  });

  it('clears the flag after a failure too and keeps the error', async () => {
    const { fn } = fakeFetch({ 'GET /tenant/landing-page': () => json(417, { message: 'Suspended' }) });
    vi.stubGlobal('fetch', fn);
    await loadLandingPage('clinic');
    expect(getLanding().loading).toBe(false);
    expect(getLanding().clinic).toBeNull();
    expect(getLanding().errors.clinic).toEqual({ status: 417, message: 'Suspended' });
  });
});
