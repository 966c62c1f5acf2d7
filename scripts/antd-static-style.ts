// antd's component styles for our theme as one static stylesheet, written at build time (issue 41).
// antd 5 makes each component's CSS in the browser the first time the component shows: on the
// patients list of a phone that was seconds of main-thread work (generating the styles, and
// rc-util scanning every <style> tag again for each component mounted). The stylesheet carries
// @ant-design/cssinjs's map of the styles it holds (`.data-ant-cssinjs-cache-path`), which the
// runtime reads once and then injects nothing it finds there; a component or theme it lacks is
// still styled at run time as before. Imported by src/client/main.tsx as `virtual:antd-static.css`.
import { extractStyle } from '@ant-design/static-style-extract';
import { ConfigProvider } from 'antd';
import { createElement } from 'react';
import type { Plugin } from 'vite';
import { THEME } from '../src/client/theme';

const ID = 'virtual:antd-static.css';
// Ends in .css so that Vite's CSS pipeline takes it (bundled, hashed, minified, preloaded).
const RESOLVED = '/__antd-static.css';

/** Every antd component's style under the app's theme (the same token hash as at run time). */
export function antdStaticCss(): string {
  return extractStyle((node) => createElement(ConfigProvider, { theme: THEME }, node));
}

export function antdStaticStyle(): Plugin {
  let css: string | null = null;
  return {
    name: 'antd-static-style',
    resolveId: (id) => (id === ID ? RESOLVED : null),
    load(id) {
      if (id !== RESOLVED) return null;
      css ??= antdStaticCss();
      return css;
    },
  };
}
