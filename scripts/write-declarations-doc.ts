// Writes docs/declarations.md, the declaration vocabulary, from the TSDoc of src/shared/resource.ts
// (and the menu placement of src/shared/menu.ts) with the TypeScript compiler's parser, so the page
// says what the types say. tests/unit/declarations-doc.test.ts fails when the file is not what this
// would write, or when a member of a declaration type has no TSDoc. Usage: npm run docs
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.join(import.meta.dirname, '..');
export const DECLARATIONS_DOC = 'docs/declarations.md';
export const DECLARATION_SOURCES = ['src/shared/resource.ts', 'src/shared/menu.ts'] as const;

/** The declaration types in the order the page presents them; the rest follow in source order. */
const FIRST = ['ResourceDef', 'FieldDef', 'FieldType'];
/** From src/shared/menu.ts only what a declaration names. */
const MENU_TYPES = new Set(['MenuPlacement', 'MenuGroupDef', 'MenuGroupAccess']);

type Source = { file: string; text: string };

const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

function docOf(node: ts.Node): string {
  const docs = ts.getJSDocCommentsAndTags(node).filter(ts.isJSDoc);
  return oneLine(docs.map((d) => ts.getTextOfJSDocComment(d.comment) ?? '').join(' '));
}

/** The comment lines opening a file, before its first import or declaration. */
function fileIntro(text: string): string {
  const lines: string[] = [];
  for (const line of text.split('\n')) {
    if (!line.startsWith('//')) break;
    lines.push(line.replace(/^\/\/ ?/, ''));
  }
  return oneLine(lines.join(' '));
}

/** A template literal or string as the page shows it: `${def.name}` becomes `<name>`. */
function messageText(node: ts.Expression, sf: ts.SourceFile): string {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (!ts.isTemplateExpression(node)) return node.getText(sf);
  let out = node.head.text;
  for (const span of node.templateSpans) out += `<${span.expression.getText(sf).split('.').pop()}>` + span.literal.text;
  return out;
}

interface Section {
  name: string;
  markdown: string;
}

function interfaceSection(node: ts.InterfaceDeclaration, sf: ts.SourceFile, file: string): Section {
  const lines = [`## ${node.name.text}`, ''];
  const doc = docOf(node);
  if (doc) lines.push(doc, '');
  for (const member of node.members) {
    if (!ts.isPropertySignature(member) || !member.type) continue;
    const name = member.name.getText(sf);
    const text = docOf(member);
    if (!text) throw new Error(`${file}: ${node.name.text}.${name} has no TSDoc: say what it declares`);
    lines.push(`- \`${name}${member.questionToken ? '?' : ''}: ${oneLine(member.type.getText(sf))}\`: ${text}`);
  }
  return { name: node.name.text, markdown: lines.join('\n') };
}

function typeSection(node: ts.TypeAliasDeclaration, sf: ts.SourceFile, file: string): Section {
  const doc = docOf(node);
  const literals = ts.isUnionTypeNode(node.type) ? node.type.types.filter(ts.isLiteralTypeNode) : [];
  const lines = [`## ${node.name.text}`, ''];
  if (doc) lines.push(doc, '');
  else if (!literals.length) throw new Error(`${file}: type ${node.name.text} has no TSDoc`);
  if (literals.length) lines.push(`One of: ${literals.map((l) => `\`${l.getText(sf)}\``).join(', ')}.`);
  else lines.push('```ts', `type ${node.name.text} = ${oneLine(node.type.getText(sf))};`, '```');
  return { name: node.name.text, markdown: lines.join('\n') };
}

/** The refusals `defineResource` throws, as messages: what a declaration may not say. */
function refusals(node: ts.FunctionDeclaration, sf: ts.SourceFile): string[] {
  const found: string[] = [];
  const visit = (n: ts.Node) => {
    if (ts.isThrowStatement(n) && n.expression && ts.isNewExpression(n.expression) && n.expression.arguments?.[0]) {
      found.push(messageText(n.expression.arguments[0], sf).replace(/^<name>(\.<name>)?: /, ''));
    }
    ts.forEachChild(n, visit);
  };
  if (node.body) visit(node.body);
  return found;
}

function isExported(node: ts.Node): boolean {
  return ts.canHaveModifiers(node) && !!ts.getModifiers(node)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
}

/** The page, from the sources' text (read from the repository unless given). */
export function declarationsDoc(sources: Source[] = DECLARATION_SOURCES.map((file) => ({ file, text: fs.readFileSync(path.join(root, file), 'utf8') }))): string {
  const sections: Section[] = [];
  const helpers: string[] = [];
  let checks: string[] = [];
  let systemFields: string[] = [];
  for (const { file, text } of sources) {
    const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
    const menu = file.endsWith('menu.ts');
    for (const node of sf.statements) {
      if (!isExported(node)) continue;
      if (ts.isInterfaceDeclaration(node) && (!menu || MENU_TYPES.has(node.name.text))) sections.push(interfaceSection(node, sf, file));
      else if (ts.isTypeAliasDeclaration(node) && !menu && node.typeParameters === undefined) sections.push(typeSection(node, sf, file));
      else if (ts.isFunctionDeclaration(node) && node.name && !menu) {
        if (node.name.text === 'defineResource') checks = refusals(node, sf);
        const doc = docOf(node);
        if (doc) helpers.push(`- \`${node.name.text}(${node.parameters.map((p) => p.name.getText(sf)).join(', ')})\`: ${doc}`);
      } else if (ts.isVariableStatement(node) && !menu) {
        for (const d of node.declarationList.declarations) {
          if (d.name.getText(sf) === 'SYSTEM_FIELDS' && d.initializer && ts.isObjectLiteralExpression(d.initializer)) {
            systemFields = d.initializer.properties.map((p) => `\`${p.name?.getText(sf)}\``);
          }
        }
      }
    }
  }
  const rank = (s: Section) => (FIRST.includes(s.name) ? FIRST.indexOf(s.name) : FIRST.length);
  const ordered = sections.map((s, i) => ({ s, i })).sort((a, b) => rank(a.s) - rank(b.s) || a.i - b.i).map(({ s }) => s);
  const intro = fileIntro(sources[0].text);
  return [
    '# Declarations',
    '',
    `<!-- Generated by \`npm run docs\` (scripts/write-declarations-doc.ts) from the TSDoc of ${DECLARATION_SOURCES.join(' and ')}: edit the TSDoc, not this file. -->`,
    '',
    intro,
    '',
    'A declaration is a `ResourceDef` in a file of `resources/`, passed through `defineResource`. How to add one, step by step, and what it drives: [Add an entity](add-an-entity.md).',
    '',
    `Every table also has the system fields ${systemFields.join(', ')} (an append-only one only \`id\`), and \`archived_at\` when its delete policy is \`archive\`.`,
    '',
    ...ordered.flatMap((s) => [s.markdown, '']),
    '## What `defineResource` refuses',
    '',
    'A declaration breaking one of these throws when its file is loaded: the server does not start and the tests fail.',
    '',
    ...checks.map((c) => `- ${c}`),
    '',
    '## Helpers',
    '',
    ...helpers,
    '',
  ].join('\n');
}

if (process.argv[1] && import.meta.filename === path.resolve(process.argv[1])) {
  const target = path.join(root, DECLARATIONS_DOC);
  const doc = declarationsDoc();
  if (!fs.existsSync(target) || fs.readFileSync(target, 'utf8') !== doc) {
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, doc);
    console.log(`${DECLARATIONS_DOC} written`);
  }
}
