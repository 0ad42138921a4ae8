/**
 * Accessibility check (issue 15): axe-core's WCAG 2.0/2.1 A and AA rules, run in the page.
 * A serious or critical violation fails; minor and moderate ones are reported by axe but not counted.
 */

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export interface Violation {
  rule: string;
  impact: string;
  help: string;
  /** CSS selectors of the offending elements, with axe's summary of the first one. */
  targets: string[];
  summary: string;
}

/**
 * The serious and critical WCAG A/AA violations on the page as it is now: in the whole document, or
 * only inside the element `within` selects (page-level rules, such as the document's language, are
 * then skipped).
 */
export async function seriousViolations(page: Page, within?: string): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    async ({ tags, within }) => {
      const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
      const result = await axe.run(within ?? document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      });
      return result.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => ({
          rule: violation.id,
          impact: violation.impact ?? '',
          help: violation.help,
          targets: violation.nodes.map((node) => node.target.join(' ')),
          summary: violation.nodes[0]?.failureSummary ?? '',
        }));
    },
    { tags: WCAG_TAGS, within },
  );
}

/** One line per violation, for a failure message a person can act on. */
export function describeViolations(where: string, violations: Violation[]): string[] {
  return violations.map(
    (violation) =>
      `${where}: ${violation.rule} (${violation.impact}) ${violation.help}; ${violation.targets.length} element(s): ${violation.targets.slice(0, 5).join(' | ')}; ${violation.summary.replace(/\s+/g, ' ').slice(0, 200)}`,
  );
}
