import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

/** axe-core's source, evaluated in each page (as the devtools do: a script tag would meet the app's CSP). */
const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

type Violation = { id: string; impact: string | null; help: string; nodes: { target: string[]; html: string }[] };

/**
 * The serious and critical WCAG 2 A/AA violations axe finds on the page as it is. One known exception:
 * FullCalendar's time-grid scroller is not asked to take keyboard focus (scrollable-region-focusable): it
 * sits inside the calendar's ARIA grid, and a tabindex there breaks the grid's required children
 * (critical). Its jobs are focusable; an empty day has nothing to reach.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate("typeof axe !== 'undefined'"))) await page.evaluate(AXE);
  await page.evaluate(
    "axe.configure({ rules: [{ id: 'scrollable-region-focusable', selector: '*:not(.fc-scroller)' }] })",
  );
  const violations = (await page.evaluate(
    "axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } }).then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target, html: n.html })) })))",
  )) as Violation[];
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} at ${v.nodes
          .slice(0, 3)
          .map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`)
          .join('; ')}`,
    );
}
