// Two of antd's own imports, pointed in the client build at narrower modules of ours
// (src/client/shims/): each loaded, with every antd Table, code that only some tables use (issue 35,
// the patients list's first load). An import is redirected only from the antd file named here.
// - Radio.Group takes one small function from antd's form hooks, whose module brings rc-field-form's
//   form store (antd Table -> its selection column's Radio -> Form.useForm's module).
// - Table's column filter menu (and antd's Tree in it) loads when a table shows one.
// - Not narrower but cheaper: rc-table's measuring of the scrollbar as each table mounts, a forced
//   layout, is skipped for tables that do not use it (src/client/shims/rc-table-scrollbar.ts).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const REDIRECTS: { importer: RegExp; source: string; to: string }[] = [
  { importer: /[\\/]antd[\\/]es[\\/]radio[\\/]group\.js$/, source: '../form/hooks/useForm', to: 'src/client/shims/antd-form-name.ts' },
  { importer: /[\\/]antd[\\/]es[\\/]table[\\/]hooks[\\/]useFilter[\\/]index\.js$/, source: './FilterDropdown', to: 'src/client/shims/antd-table-filter.tsx' },
  { importer: /[\\/]rc-table[\\/]es[\\/]Table\.js$/, source: 'rc-util/es/getScrollBarSize', to: 'src/client/shims/rc-table-scrollbar.ts' },
];

export function antdNarrowImports(): Plugin {
  return {
    name: 'antd-narrow-imports',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer) return null;
      const hit = REDIRECTS.find((r) => r.source === source && r.importer.test(importer));
      return hit ? path.join(ROOT, hit.to) : null;
    },
  };
}
