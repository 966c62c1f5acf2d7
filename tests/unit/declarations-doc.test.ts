// docs/declarations.md is generated from the TSDoc of the declaration types (npm run docs): it must
// be what the generator writes today, and the generator must refuse a member nobody documented.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DECLARATIONS_DOC, declarationsDoc } from '../../scripts/write-declarations-doc';

describe('docs/declarations.md', () => {
  it('is what `npm run docs` writes from src/shared/resource.ts', () => {
    const written = fs.readFileSync(new URL(`../../${DECLARATIONS_DOC}`, import.meta.url), 'utf8');
    expect(written, 'run `npm run docs`').toBe(declarationsDoc());
  });

  it('documents every member of every declaration type, the first ones first', () => {
    const doc = declarationsDoc();
    expect(doc.indexOf('## ResourceDef')).toBeLessThan(doc.indexOf('## FieldDef'));
    for (const member of ['`within?:', '`rowFilter?:', '`encrypted?:', '`sequence?:', '`bulk?:', '`badge?:']) expect(doc).toContain(member);
    expect(doc).toContain('- a sequence is a clinic\'s read-only, unique, never empty integer');
  });

  it.each([
    ['an undocumented member', 'export interface ResourceDef {\n  /** Named. */\n  name: string;\n  table: string;\n}\n', /ResourceDef\.table has no TSDoc/],
    ['an undocumented type that is no list of values', 'export type Shape = { a: string };\n', /type Shape has no TSDoc/],
  ])('refuses %s', (_, text, error) => {
    expect(() => declarationsDoc([{ file: 'src/shared/resource.ts', text }])).toThrow(error);
  });

  it('renders members, literal unions and the refusals of defineResource', () => {
    const text = [
      '// The intro.',
      'export type Kind = \'a\' | \'b\';',
      '/** A thing. */',
      'export interface Thing {',
      '  /** Its kind. */',
      '  kind?: Kind;',
      '}',
      'export function defineResource(def: Thing) {',
      '  if (!def.kind) throw new Error(`${def.name}.${name}: a thing has a kind`);',
      '  return def;',
      '}',
    ].join('\n');
    const doc = declarationsDoc([{ file: 'src/shared/resource.ts', text }]);
    expect(doc).toContain('The intro.');
    expect(doc).toContain("One of: `'a'`, `'b'`.");
    expect(doc).toContain('## Thing\n\nA thing.\n\n- `kind?: Kind`: Its kind.');
    expect(doc).toContain('- a thing has a kind');
  });
});
