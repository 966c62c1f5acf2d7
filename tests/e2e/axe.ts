// axe-core in the browser tests: the screen scans (every-screen.ts) and checks of one control.
import axe from 'axe-core';
import type { Page } from 'playwright-core';

/**
 * axe-core's critical and serious WCAG 2.1 A/AA failures on the page as it is, or only within
 * `include` (a CSS selector); axe is injected once per page.
 */
export async function axeFailures(p: Page, include?: string): Promise<string[]> {
  // Evaluated, not added as a script tag: the app's Content Security Policy refuses inline scripts.
  if (!(await p.evaluate(() => 'axe' in window))) await p.evaluate(axe.source);
  const violations = await p.evaluate(async (only) => {
    // Colours are read as transitions end (a fading page reads as too pale): each is taken to its
    // end at once rather than waited for (a list's fade and its buttons' colours, 200-300 ms a
    // screen: a quarter of a screen scan's time); spinners run on.
    for (const a of document.getAnimations()) {
      try {
        if (a.effect?.getTiming().iterations !== Infinity) a.finish();
      } catch {
        // One that cannot end (paused at rate 0) is read as it is.
      }
    }
    const run = (window as unknown as { axe: typeof axe }).axe.run;
    // antd's table measures its columns in a hidden row of height 0 with tabindex -1 (never
    // reached by the keyboard, hidden from screen readers): not a control anyone meets.
    const context = only ? { include: [[only]], exclude: [['.ant-table-measure-row']] } : { exclude: [['.ant-table-measure-row']] };
    const result = await run(context, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      // Only what fails, named by its HTML: no selectors worked out nor passes reported (a third
      // of a run's time on a list screen, every check the same).
      resultTypes: ['violations'],
      reporter: 'no-passes',
      selectors: false,
    });
    return result.violations
      .filter((v) => v.impact === 'critical' || v.impact === 'serious')
      .map((v) => `${v.id} (${v.impact}) on ${v.nodes.length}: ${v.nodes.slice(0, 2).map((n) => n.html.slice(0, 120)).join(' | ')}`);
  }, include ?? null);
  return violations;
}

