// Which scripts the installed app's hidden frame evaluates for V8's code cache
// (src/client/offline/codeCache.ts): this origin's scripts that did not come through a worker.
import { describe, expect, it } from 'vitest';
import { scriptsBeforeWorker } from '../../src/client/offline/codeCache';

const ORIGIN = 'http://demo.localhost:3000';
const entry = (name: string, workerStart: number) => ({ name, workerStart }) as PerformanceResourceTiming;

describe('scriptsBeforeWorker', () => {
  it.each([
    ['a script from the network', [entry(`${ORIGIN}/assets/index-a1.js`, 0)], [`${ORIGIN}/assets/index-a1.js`]],
    ['a script through the worker', [entry(`${ORIGIN}/assets/index-a1.js`, 12.5)], []],
    ['the worker itself', [entry(`${ORIGIN}/sw.js`, 0)], []],
    ['an API answer, a stylesheet, a font', [entry(`${ORIGIN}/api/v1/me`, 0), entry(`${ORIGIN}/assets/index-a1.css`, 0), entry(`${ORIGIN}/assets/v-400.woff2`, 0)], []],
    ['another origin', [entry('http://other.localhost:3000/assets/index-a1.js', 0)], []],
    ['the same script twice', [entry(`${ORIGIN}/assets/react-b2.js`, 0), entry(`${ORIGIN}/assets/react-b2.js`, 0)], [`${ORIGIN}/assets/react-b2.js`]],
  ])('%s', (_, entries, expected) => {
    expect(scriptsBeforeWorker(entries, ORIGIN)).toEqual(expected);
  });
});
