// How much React draws for what a person does, counted rather than timed, so that a change is seen
// on any machine however busy (issue 41): the commits and the component renders from the login
// click to the patients list's first rows (through the menu), and while a 12-character name is
// typed into the new-patient form. Counted through React's DevTools hook, which production builds
// call on every commit: a component counts when it rendered in that commit (mounted, or its
// subtree not bailed out and its work flag set), as React DevTools' profiler counts it.
import type { Browser } from 'playwright-core';

export interface RenderWork {
  list: { commits: number; renders: number };
  typing: { commits: number; renders: number };
}

/**
 * Installed before the app loads: counts commits and renders on `window.renderWork`. A string, not
 * a function: tsx's build would wrap the inner functions in a helper the page does not have.
 */
const COUNT_RENDERS = `(() => {
  const counts = { commits: 0, renders: 0 };
  window.renderWork = counts;
  const count = (f) => {
    if (typeof f.type === 'function') counts.renders++;
  };
  const mounted = (first) => {
    for (let f = first; f; f = f.sibling) { count(f); mounted(f.child); }
  };
  const updated = (parent) => {
    for (let f = parent.child; f; f = f.sibling) {
      const before = f.alternate;
      if (!before) { count(f); mounted(f.child); continue; }
      // PerformedWork (1): rendered in this commit. A subtree whose child is the one of before bailed out.
      if (f.flags & 1) count(f);
      if (f.child !== before.child) updated(f);
    }
  };
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    onCommitFiberRoot: (_id, root) => {
      counts.commits++;
      if (root.current.alternate) updated(root.current);
      else mounted(root.current.child);
    },
    onCommitFiberUnmount: () => undefined,
    onPostCommitFiberRoot: () => undefined,
    checkDCE: () => undefined,
  };
})();`;

type Counts = { commits: number; renders: number };

export async function runRenderWork(browser: Browser, base: string, menuLabel: string): Promise<RenderWork> {
  const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 1280, height: 800 } });
  try {
    await context.addInitScript(() => window.localStorage.setItem('user-locale', 'ckb'));
    await context.addInitScript(COUNT_RENDERS);
    const page = await context.newPage();
    const take = () =>
      page.evaluate(() => {
        const c = (window as unknown as { renderWork: Counts }).renderWork;
        const out = { commits: c.commits, renders: c.renders };
        Object.assign(c, { commits: 0, renders: 0 });
        return out;
      });
    await page.goto(`${base}/login`);
    await page.locator('#username').fill('doctor');
    await page.locator('#password').fill('demo-pass-1234');
    await take();
    await page.locator('[data-testid="login-submit"]').click();
    await page.getByTestId('app-menu').getByRole('link', { name: menuLabel, exact: true }).first().click({ timeout: 60_000 });
    await page.locator('.ant-table-row').first().waitFor({ timeout: 60_000 });
    // What the list still draws once its rows are there (its buttons, its counts) belongs to it.
    await page.waitForTimeout(2_000);
    const list = await take();
    await page.getByTestId('refine-create-button').first().click();
    await page.locator('#field-name').waitFor();
    await page.waitForTimeout(1_000);
    await take();
    await page.locator('#field-name').pressSequentially('Ahmad Kareem');
    const typing = await take();
    return {
      list: { commits: list.commits, renders: list.renders },
      typing: { commits: typing.commits, renders: typing.renders },
    };
  } finally {
    await context.close();
  }
}
