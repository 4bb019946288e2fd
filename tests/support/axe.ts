import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** axe-core's serious and critical violations on the page as it is now (or within `scope`, a CSS selector). */
export async function seriousAxeViolations(page: Page, scope?: string): Promise<string[]> {
  // The app's CSP refuses inline scripts, so page.addScriptTag would be blocked; evaluating
  // axe's source through the DevTools protocol is not.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (selector) => {
    const result = await (window as unknown as { axe: { run(ctx: Document | string, opts: object): Promise<{ violations: AxeViolation[] }> } }).axe.run(
      selector ?? document,
      {
        resultTypes: ['violations'],
      },
    );
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) }));
  }, scope);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} @ ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
