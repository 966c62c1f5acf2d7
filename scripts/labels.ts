// The translation keys still missing for a resource, in each language (issue 38).
// Usage: npm run labels -- <resource> [<resource> ...]   (no name: every resource)
// Prints, per language, the keys the declaration asks that its locale file lacks, then the JSON to
// fill in and give to scripts/add-locale-keys.ts (all three languages at once). Exits 1 while a
// key is missing, so it can gate a script.
import fs from 'node:fs';
import path from 'node:path';
import { resourceByName, resources } from '../resources/index';
import { missingLabels } from '../src/shared/label-keys';

const LANGUAGES = ['ckb', 'ar', 'en'] as const;

type Tree = { [key: string]: string | Tree };
function flatten(tree: Tree, prefix = '', out = new Map<string, string>()): Map<string, string> {
  for (const [k, v] of Object.entries(tree)) {
    if (typeof v !== 'string') flatten(v, `${prefix}${k}.`, out);
    else if (v.trim()) out.set(prefix + k, v);
  }
  return out;
}

const names = process.argv.slice(2);
let defs;
try {
  defs = names.length ? names.map(resourceByName) : resources;
} catch (err) {
  console.error(`${(err as Error).message}. Known: ${resources.map((r) => r.name).join(', ')}`);
  process.exit(1);
}
const locales = Object.fromEntries(LANGUAGES.map((lang) => [lang, flatten(JSON.parse(fs.readFileSync(path.join(import.meta.dirname, `../locales/${lang}.json`), 'utf8')) as Tree)]));
const fill: Record<string, Record<string, string>> = {};
for (const def of defs) {
  const lines: string[] = [];
  for (const lang of LANGUAGES) {
    const missing = missingLabels(def, (key) => locales[lang].has(key));
    // add-locale-keys writes all three languages: those that have the key keep their text.
    for (const key of missing) fill[key] ??= Object.fromEntries(LANGUAGES.map((l) => [l, locales[l].get(key) ?? '']));
    if (missing.length) lines.push(`  ${lang}: ${missing.length} missing`, ...missing.map((key) => `    ${key}`));
  }
  console.log(lines.length ? `${def.name}:\n${lines.join('\n')}` : `${def.name}: every label is there in ${LANGUAGES.join(', ')}`);
}
if (Object.keys(fill).length) {
  console.log(`\nFill in and write with: npx tsx scripts/add-locale-keys.ts '<json>'\n${JSON.stringify(fill, null, 2)}`);
  process.exit(1);
}
