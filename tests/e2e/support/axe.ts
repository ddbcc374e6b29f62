import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/**
 * WCAG 2.5.3 (Label in Name), which axe marks experimental and leaves out unless asked: a control's accessible name
 * must contain its visible text, or a voice user saying what they see reaches nothing (issue 36 found it on 7 admin
 * states).
 */
const ASKED = { 'label-content-name-mismatch': { enabled: true } };

/**
 * Waits for the toasts' entrances and exits (sonner's transitions) to finish: axe computes a colour from the opacity
 * it reads, so a toast caught half faded (a login's 'welcome' leaving as the state is checked) reads as grey on grey,
 * which no one sees for longer than the fade. A toast that stays is checked as it is seen.
 */
async function settleToasts(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter(
          (a) =>
            a.effect instanceof KeyframeEffect &&
            a.effect.target?.closest('[data-sonner-toaster]') &&
            a.effect.getTiming().iterations !== Number.POSITIVE_INFINITY,
        )
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/**
 * The serious and critical WCAG 2.1 AA violations axe finds on the page as it stands (every element, dialogs and
 * toasts included), one line each (state, rule, impact, element), printed so a failing run says what to fix.
 */
export async function seriousViolations(page: Page, state: string): Promise<string[]> {
  await settleToasts(page);
  const result = await new AxeBuilder({ page }).options({ rules: ASKED }).withTags(WCAG_21_AA).analyze();
  const lines = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map((n) => `${state}: ${v.id} (${v.impact}) ${n.target.join(' ')}${n.failureSummary ? ` | ${n.failureSummary.replace(/\s+/g, ' ')}` : ''}`),
    );
  for (const line of lines) console.log(line);
  return lines;
}

/** The serious and critical WCAG 2.1 AA violations inside `selector`, leaving out what `exclude` matches. */
export async function violationsWithin(page: Page, selector: string, exclude?: string): Promise<string[]> {
  await settleToasts(page);
  let builder = new AxeBuilder({ page }).options({ rules: ASKED }).include(selector).withTags(WCAG_21_AA);
  if (exclude) builder = builder.exclude(exclude);
  const result = await builder.analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
