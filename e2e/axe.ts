import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * The checks a change of colour scheme can change the outcome of: contrast, and links told from their text by
 * colour alone. Names, roles, structure and focus order are the same in both themes.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * Runs axe-core in the page; returns serious and critical violations (WCAG 2.x A/AA and best practice).
 * `colours`: only the checks the theme can change, for a page already checked in its other theme.
 */
export async function seriousViolations(page: Page, { colours = false } = {}): Promise<AxeFinding[]> {
  // Evaluated through the debugger, as a test tool: a <script> tag would be (rightly) refused by the page's CSP.
  // Once per document: a second check of the same page (in the other theme) finds it there.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  return page.evaluate(
    async (only) => {
      const axe = (
        window as unknown as {
          axe: { run: (ctx: Document, opts: object) => Promise<{ violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[] }> };
        }
      ).axe;
      const result = await axe.run(document, {
        resultTypes: ['violations'],
        runOnly: only ? { type: 'rule', values: only } : { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      });
      return result.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
    },
    colours ? COLOUR_RULES : null,
  );
}
