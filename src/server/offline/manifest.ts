// The web app manifest (issue 36): one per application, built per request because the same build
// serves every host. A clinic's app is named for the clinic, the central one for the platform;
// `lang` and `dir` are those of the language the page asks with (?lang=, set by the client from
// the active language), else Accept-Language.
import type { FastifyInstance } from 'fastify';
import { type Lang, LANGUAGES, pickLanguage, translate } from '../i18n';

export const THEME_COLOR = '#0f766e';

export interface AppManifest {
  id: string;
  name: string;
  short_name: string;
  lang: Lang;
  dir: 'rtl' | 'ltr';
  start_url: string;
  scope: string;
  display: 'standalone';
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
}

export function appManifest(lang: Lang, clinicName: string | null): AppManifest {
  const name = clinicName ?? `${translate(lang, 'app.title')} — ${translate(lang, 'app.central')}`;
  return {
    id: '/',
    name,
    short_name: clinicName ? clinicName.slice(0, 24) : translate(lang, 'app.title'),
    lang,
    dir: lang === 'en' ? 'ltr' : 'rtl',
    // The signed-in home: the app sends a guest to the login page from there.
    start_url: '/dashboard',
    scope: '/',
    display: 'standalone',
    theme_color: THEME_COLOR,
    background_color: '#ffffff',
    // The cross stays within the maskable safe zone (scripts/make-icons.ts).
    icons: [192, 512].map((size) => ({ src: `/icons/icon-${size}.png`, sizes: `${size}x${size}`, type: 'image/png', purpose: 'any maskable' })),
  };
}

export function registerManifestRoute(app: FastifyInstance): void {
  app.get(
    '/app/manifest',
    { config: { scope: 'any', auth: false, unregisteredOk: true }, schema: { tags: ['offline'], summary: "The installable app's web manifest for this host and language", querystring: { type: 'object', properties: { lang: { type: 'string' } } }, produces: ['application/manifest+json'] } },
    async (request, reply) => {
      const asked = (request.query as { lang?: string }).lang;
      const lang = (LANGUAGES as readonly string[]).includes(asked ?? '') ? (asked as Lang) : pickLanguage(request.headers['accept-language']);
      // no-store like every /api answer (app.ts): a renamed clinic shows at the next check.
      return reply.type('application/manifest+json; charset=utf-8').send(JSON.stringify(appManifest(lang, request.tenant?.name ?? null)));
    },
  );
}
