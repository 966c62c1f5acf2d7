// The order test files start in. Vitest starts the files it has timed before longest first, but a
// clean clone (the CI) has no timings, and it then starts the largest files first. The browser
// project's longest files are its screen scans (tests/e2e/every-screen-*.test.ts: four lines each,
// hundreds of screens), which so came last: the run ended with one worker scanning alone. Untimed,
// they start first, the clinic's (twice the screens) before the platform's.
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Files that run long for their size, longest first. */
const LONG_FOR_THEIR_SIZE = [/every-screen-\w+-clinic\.test\.ts$/, /every-screen-\w+-central\.test\.ts$/];

/** `files` with those that run long for their size first (in that list's order); the rest keep their order. */
export function longFirst<T extends { moduleId: string }>(files: readonly T[]): T[] {
  const rank = (file: T) => {
    const at = LONG_FOR_THEIR_SIZE.findIndex((pattern) => pattern.test(file.moduleId));
    return at < 0 ? LONG_FOR_THEIR_SIZE.length : at;
  };
  return [...files].sort((a, b) => rank(a) - rank(b));
}

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Vitest's order keeps each project's files together: reorder within a project only, and only
    // when none of its files was timed (then Vitest's own order is by time already).
    const timed = (file: TestSpecification) => this.ctx.cache.getFileTestResults(`${file.project.name}:${relative(this.ctx.config.root, file.moduleId)}`) !== undefined;
    const groups: TestSpecification[][] = [];
    for (const file of sorted) {
      const last = groups.at(-1);
      if (last && last[0].project.name === file.project.name) last.push(file);
      else groups.push([file]);
    }
    return groups.flatMap((group) => (group.some(timed) ? group : longFirst(group)));
  }
}
