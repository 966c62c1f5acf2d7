// antd's component styles for our theme as one static stylesheet, written at build time (issue 41).
// antd 5 makes each component's CSS in the browser the first time the component shows: on the
// patients list of a phone that was seconds of main-thread work (generating the styles, and
// rc-util scanning every <style> tag again for each component mounted). The stylesheet carries
// @ant-design/cssinjs's map of the styles it holds (`.data-ant-cssinjs-cache-path`), which the
// runtime reads once and then injects nothing it finds there; a component or theme it lacks is
// still styled at run time as before. Imported by src/client/main.tsx as `virtual:antd-static.css`
// (the Vite plugin below); `tsx scripts/antd-static-style.ts` prints it.
//
// The style engine fixes its class prefix when first loaded, from NODE_ENV ("css-" in production,
// "css-dev-only-do-not-override-" otherwise), so the stylesheet is made in a process of its own
// started with the build's NODE_ENV: made inside Vite's, it could carry the other prefix and style
// nothing (the classes would not match; every component would be left bare).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';

// Ends in .css so that Vite's CSS pipeline takes it (bundled, hashed, minified, preloaded).
const RESOLVED = '/__antd-static.css';
const SELF = fileURLToPath(import.meta.url);

/**
 * antd's components no screen shows (none is imported, nor drawn by one that is): left out of the
 * stylesheet, a fifth of it (905 KB of CSS, 84 KB gzip, before; 703 and 64 after), which every
 * page parses and matches against on a phone (issue 41). Should one be drawn after all, the
 * runtime makes its style as before.
 */
export const UNUSED_COMPONENTS = ['Affix', 'Anchor', 'App', 'Avatar', 'BackTop', 'Breadcrumb', 'Calendar', 'Carousel', 'Cascader', 'ColorPicker', 'Divider', 'Flex', 'FloatButton', 'Mentions', 'Rate', 'Slider', 'Splitter', 'Timeline', 'Transfer', 'Tree', 'TreeSelect', 'Watermark'];

/** The style of every antd component the app may draw, under its theme (the same token hash as at run time). */
export async function antdStaticCss(): Promise<string> {
  const [{ extractStyle }, { Button, ConfigProvider, Layout, Popconfirm, Popover, Space, Tag, Tooltip }, { Children, createElement, isValidElement }, { THEME }] = await Promise.all([
    import('@ant-design/static-style-extract'),
    import('antd'),
    import('react'),
    import('../src/client/theme.js'),
  ]);
  // What the extractor leaves out (it skips the popups) or draws only in part, and the lists and
  // the layout show: without these, the patients list's first draw still made ten style tags at
  // run time, each a scan of every style tag and a style recalculation of the page (issue 41).
  const more = [
    createElement(Tooltip, { key: 'more-tooltip', title: '-' }, createElement('span')),
    createElement(Popover, { key: 'more-popover', content: '-' }, createElement('span')),
    createElement(Popconfirm, { key: 'more-popconfirm', title: '-' }, createElement('span')),
    // A preset colour's style is made apart from the tag's own; the compact group's buttons' too.
    createElement(Tag, { key: 'more-tag', color: 'blue' }),
    createElement(Space.Compact, { key: 'more-compact' }, createElement(Button), createElement(Button)),
    createElement(Layout, { key: 'more-layout' }, createElement(Layout.Sider)),
  ];
  // The extractor draws one of each component, keyed by its name (Children.toArray prefixes `.$`).
  return extractStyle((node) => {
    const all = isValidElement<{ children?: unknown }>(node) ? Children.toArray(node.props.children as never) : [node];
    const drawn = all.filter((child) => !(isValidElement(child) && UNUSED_COMPONENTS.includes(String(child.key).replace(/^\.\$/, ''))));
    return createElement(ConfigProvider, { theme: THEME }, ...drawn, ...more);
  });
}

/** The stylesheet made by a process of its own with `nodeEnv` (see above). */
async function madeApart(nodeEnv: string): Promise<string> {
  const tsx = path.resolve(path.dirname(SELF), '../node_modules/.bin/tsx');
  // Not execFileSync: the bundler's other plugin calls wait on this thread meanwhile.
  const { stdout } = await promisify(execFile)(tsx, [SELF], { env: { ...process.env, NODE_ENV: nodeEnv }, maxBuffer: 64 * 1024 * 1024, encoding: 'utf8' });
  return stdout;
}

export function antdStaticStyle(): Plugin {
  let css: Promise<string> | null = null;
  let production = true;
  return {
    name: 'antd-static-style',
    configResolved(config) {
      production = config.isProduction;
    },
    // Filtered hooks: the bundler calls them for this one id only, not for each of ~5,000 modules.
    resolveId: { filter: { id: /^virtual:antd-static\.css$/ }, handler: () => RESOLVED },
    load: {
      filter: { id: /^\/__antd-static\.css$/ },
      handler() {
        css ??= madeApart(production ? 'production' : 'development');
        return css;
      },
    },
  };
}

if (process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url) {
  process.stdout.write(await antdStaticCss());
}
