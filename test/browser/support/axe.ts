import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';

/**
 * axe-core's source. A context made for axe (newContext's `axe`) runs it in every document it loads, as an init script
 * sent once: injecting the 0.5 MB script into each page after its load (addScriptTag) took 0.5–3 s a time on the
 * shared machine, more than the axe run itself.
 */
export const AXE_SOURCE = readFileSync(join(__dirname, '../../../node_modules/axe-core/axe.min.js'), 'utf8');

/**
 * The init script: axe-core in the app's documents only. Every new page starts on about:blank, where the init script
 * runs too; evaluating axe there cost Chromium about 0.2 s of CPU per page (measured on the 2-core test machine).
 */
export const AXE_INIT_SCRIPT = `if (location.protocol !== 'about:') {\n${AXE_SOURCE}\n}`;

interface AxeViolation { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }

/** axe-core in the page: the init script's (newContext's `axe`), else injected now (the page's context needs `bypassCSP: true`). */
export async function withAxe(page: Page): Promise<void> {
  if (!(await page.evaluate('typeof window.axe !== "undefined"'))) await page.addScriptTag({ content: AXE_SOURCE });
}

/**
 * axe-core on the page as it is (the page's context needs `bypassCSP: true`, the app's CSP forbids inline scripts):
 * the serious and critical violations in words, and how many lesser ones there were.
 */
export async function runAxe(page: Page): Promise<{ serious: string[]; minorOrModerate: number }> {
  await withAxe(page);
  const violations = (await page.evaluate(
    'window.axe.run(document, { resultTypes: ["violations"] }).then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) })))',
  )) as AxeViolation[];
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  return {
    serious: serious.map((v) => `${v.impact} ${v.id} (${v.help}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`),
    minorOrModerate: violations.length - serious.length,
  };
}
