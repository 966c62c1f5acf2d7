// Entry: styles and fonts (bundled, no CDN), document language, start-up loads, then mount.
import '@ant-design/v5-patch-for-react-19';
import '@fontsource/vazirmatn/400.css';
import '@fontsource/vazirmatn/500.css';
import '@fontsource/vazirmatn/700.css';
// antd's styles, made at build time (scripts/antd-static-style.ts); ours after them override them.
import 'virtual:antd-static.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { applyDocumentLocale, currentLang, i18nReady } from './i18n';
import { startup } from './startup';

async function main(): Promise<void> {
  applyDocumentLocale(currentLang());
  // The chosen language's texts (only those) load beside the start-up requests.
  const [{ tenantExists }] = await Promise.all([startup().catch(() => ({ tenantExists: true })), i18nReady()]);
  applyDocumentLocale(currentLang());
  const root = document.getElementById('root');
  if (!root) throw new Error('No #root element');
  createRoot(root).render(
    <StrictMode>
      <App tenantExists={tenantExists} />
    </StrictMode>,
  );
  // The installable app (issue 36): its own chunk, after the first screen.
  void import('./offline/serviceWorker').then((m) => m.startShell());
}

void main();
