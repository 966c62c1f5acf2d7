// Adds or replaces translation keys in all three locale files at once, so no key exists in one
// language only. Usage:
//   npx tsx scripts/add-locale-keys.ts '{"some.key": {"en": "...", "ar": "...", "ckb": "..."}}'
// or with a JSON file path instead of the JSON text.
import fs from 'node:fs';

const arg = process.argv[2];
if (!arg) {
  console.error('Give the keys as JSON text or a file path.');
  process.exit(1);
}
const keys: Record<string, Record<string, string>> = JSON.parse(fs.existsSync(arg) ? fs.readFileSync(arg, 'utf8') : arg);
const langs = ['en', 'ar', 'ckb'];
for (const [path, values] of Object.entries(keys)) {
  for (const lang of langs) if (typeof values[lang] !== 'string' || !values[lang]) throw new Error(`${path}: missing ${lang}`);
}
for (const lang of langs) {
  const file = new URL(`../locales/${lang}.json`, import.meta.url);
  const data = JSON.parse(fs.readFileSync(file, 'utf8'));
  for (const [path, values] of Object.entries(keys)) {
    const parts = path.split('.');
    let node: Record<string, unknown> = data;
    for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
    node[parts[parts.length - 1]] = values[lang];
  }
  // Write to a temporary file and rename, so a reader never sees half a file.
  const tmp = new URL(`../locales/.${lang}.json.tmp`, import.meta.url);
  fs.writeFileSync(tmp, `${JSON.stringify(data, null, 2)}\n`);
  fs.renameSync(tmp, file);
}
console.log(`${Object.keys(keys).length} key(s) written to ${langs.join(', ')}`);
