import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';

const AXE = readFileSync(join(__dirname, '../../../node_modules/axe-core/axe.min.js'), 'utf8');

interface AxeViolation { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }

/**
 * axe-core on the page as it is (injected once per document; the page's context needs `bypassCSP: true`, the app's
 * CSP forbids inline scripts): the serious and critical violations in words, and how many lesser ones there were.
 */
export async function runAxe(page: Page): Promise<{ serious: string[]; minorOrModerate: number }> {
  if (!(await page.evaluate('typeof window.axe !== "undefined"'))) await page.addScriptTag({ content: AXE });
  const violations = (await page.evaluate(
    'window.axe.run(document, { resultTypes: ["violations"] }).then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) })))',
  )) as AxeViolation[];
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  return {
    serious: serious.map((v) => `${v.impact} ${v.id} (${v.help}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`),
    minorOrModerate: violations.length - serious.length,
  };
}
