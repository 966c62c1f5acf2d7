// How long each project of `npm test` took, printed at the end of the run so that the next slowdown
// is seen where it happens. Per project: its global setup (the API template, the e2e client build
// and server), the wall time from its first file's start to its last file's end, the time its files
// took added up (more than the wall time when files run side by side), and its slowest files.
import type { Reporter, TestCase, TestModule } from 'vitest/node';

const SETUPS = Symbol.for('clinic.test-setup-timings');
type SetupTimes = Map<string, { ms: number; note: string }>;

function setupTimes(): SetupTimes {
  const holder = globalThis as { [SETUPS]?: SetupTimes };
  return (holder[SETUPS] ??= new Map());
}

/**
 * Called by a project's global setup (run in the same process as the reporter; the map lives on
 * globalThis since the two are loaded through different module graphs).
 */
export function recordSetup(project: string, startedAt: number, note = '', endedAt = Date.now()): void {
  setupTimes().set(project, { ms: endedAt - startedAt, note });
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** A file's own time: environment, runner, import and collection, setup files, tests and hooks. */
function fileTime(m: TestModule): number {
  const d = m.diagnostic();
  return d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration;
}

interface ProjectRun {
  first: number;
  last: number;
  files: TestModule[];
}

export default class ProjectTimings implements Reporter {
  private runStart = 0;
  private readonly projects = new Map<string, ProjectRun>();

  onTestRunStart(): void {
    this.runStart = Date.now();
    this.projects.clear();
    this.flaky.length = 0;
  }

  onTestModuleStart(m: TestModule): void {
    const now = Date.now();
    const run = this.projects.get(m.project.name);
    if (run) run.first = Math.min(run.first, now);
    else this.projects.set(m.project.name, { first: now, last: now, files: [] });
  }

  /** Tests that failed, then passed when run again (the e2e project's `retry`): named at the end with what failed. */
  private readonly flaky: string[] = [];

  onTestCaseResult(test: TestCase): void {
    const d = test.diagnostic();
    if (!d?.flaky) return;
    const first = test.result().errors?.[0];
    const at = first?.stack?.split('\n').find((line) => line.includes(test.module.relativeModuleId))?.trim() ?? '';
    this.flaky.push(`${test.module.relativeModuleId} > ${test.fullName} (passed on run ${d.retryCount + 1})`);
    if (first) this.flaky.push(`    first: ${first.message.split('\n')[0].slice(0, 300)}${at ? ` ${at}` : ''}`);
  }

  onTestModuleEnd(m: TestModule): void {
    const run = this.projects.get(m.project.name);
    if (!run) return;
    run.last = Math.max(run.last, Date.now());
    run.files.push(m);
  }

  onTestRunEnd(): void {
    if (this.projects.size === 0) return;
    const lines = ['', 'Time per project (wall: first file started to last file ended; files: their times added up):'];
    for (const [name, run] of [...this.projects].sort((a, b) => a[1].first - b[1].first)) {
      const tests = run.files.reduce((n, m) => n + [...m.children.allTests()].length, 0);
      const summed = run.files.reduce((n, m) => n + fileTime(m), 0);
      const setup = setupTimes().get(name);
      const slowest = [...run.files]
        .sort((a, b) => fileTime(b) - fileTime(a))
        .slice(0, 3)
        .map((m) => `${m.relativeModuleId.replace(/^tests\/[^/]+\//, '')} ${seconds(fileTime(m))}`);
      lines.push(
        `  ${name.padEnd(5)} wall ${seconds(run.last - run.first).padStart(8)}  files ${seconds(summed).padStart(8)}  (${run.files.length} files, ${tests} tests)` +
          `${setup ? `  setup ${seconds(setup.ms)}${setup.note ? ` (${setup.note})` : ''}` : ''}  slowest: ${slowest.join(', ')}`,
      );
    }
    const firstFile = Math.min(...[...this.projects.values()].map((r) => r.first));
    lines.push(`  total ${seconds(Date.now() - this.runStart)}, of which ${seconds(firstFile - this.runStart)} before the first file (the global setups)`);
    if (this.flaky.length) lines.push('', 'Flaky: failed, then passed when run again (the failure reports above say more):', ...this.flaky.map((line) => `  ${line}`));
    console.log(lines.join('\n'));
  }
}
