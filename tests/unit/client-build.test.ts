// `npm start` builds the client again when what it is made from changed (issue 38: a changed
// declaration or text was served stale): the decision scripts/client-build.ts makes, on a folder of its own.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clientBuildIsCurrent, clientInputsHash, markClientBuild } from '../../scripts/client-build';

let root: string;
const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
};

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'client-build-'));
  write('resources/tasks/index.ts', "export const tasks = { name: 'tasks' };\n");
  write('locales/en.json', '{ "a": "A" }\n');
  write('src/client/main.tsx', 'export {};\n');
  write('dist/client/index.html', '<html></html>\n');
  markClientBuild(root, clientInputsHash(root));
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('the client build', () => {
  it('is current when nothing it is made from changed, even if a file was touched', () => {
    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(path.join(root, 'locales/en.json'), later, later);
    expect(clientBuildIsCurrent(root, clientInputsHash(root))).toBe(true);
  });

  it.each([
    ['a changed declaration', 'resources/tasks/index.ts', "export const tasks = { name: 'chores' };\n"],
    ['a new entity folder', 'resources/suppliers/index.ts', "export const suppliers = { name: 'suppliers' };\n"],
    ['a changed text', 'locales/en.json', '{ "a": "B" }\n'],
    ['a changed client file', 'src/client/main.tsx', 'export const x = 1;\n'],
    ['a changed shared file', 'src/shared/menu.ts', 'export {};\n'],
  ])('is stale after %s', (_n, file, text) => {
    write(file, text);
    expect(clientBuildIsCurrent(root, clientInputsHash(root))).toBe(false);
  });

  it('is stale with no bundle, or one no build marked', () => {
    fs.rmSync(path.join(root, 'dist/client/.inputs-hash'));
    expect(clientBuildIsCurrent(root, clientInputsHash(root))).toBe(false);
    markClientBuild(root, clientInputsHash(root));
    fs.rmSync(path.join(root, 'dist/client/index.html'));
    expect(clientBuildIsCurrent(root, clientInputsHash(root))).toBe(false);
  });
});
