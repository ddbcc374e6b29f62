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
 * Waits for the toasts' entrances and exits (sonner's transitions) to finish, two frames after the call so one about
 * to start is caught: axe computes a colour from the opacity it reads, so a toast caught half faded (a login's toast
 * leaving while the state is checked) reads as grey on grey, which no one sees for longer than the fade.
 */
async function settleToasts(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let frame = 0; frame < 2; frame++) await new Promise(requestAnimationFrame);
    await Promise.all(
      document
        .getAnimations()
        .filter(
          (a) =>
            a.effect instanceof KeyframeEffect &&
            a.effect.target?.closest('[data-sonner-toaster]') &&
            a.effect.getTiming().iterations !== Number.POSITIVE_INFINITY,
        )
        .map((a) => a.finished.catch(() => undefined)),
    );
  });
}

/**
 * axe run once in the page (axe.run, its same-origin frames included). AxeBuilder's default runs each frame apart,
 * then opens a blank page to join their results: for a page without frames, as all of this app's are, the same
 * results at twice the time (1.6 s against 3.3 s a reading, medians of 6 alternated, the same passes and violations).
 */
const axeOn = (page: Page) => new AxeBuilder({ page }).setLegacyMode(true).options({ rules: ASKED }).withTags(WCAG_21_AA);

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;
const serious = (result: AxeResults) => result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');

/**
 * axe's reading of the page once its toasts are still. A toast can start to leave while axe reads (its timer ends):
 * a violation inside a toast is read again once the toasts have settled, twice at most, so a real one still stands.
 */
async function analyzeSettled(page: Page, builder: () => AxeBuilder): Promise<AxeResults> {
  for (let attempt = 1; ; attempt++) {
    await settleToasts(page);
    const result = await builder().analyze();
    const targets = serious(result).flatMap((v) => v.nodes.map((n) => String(n.target[0])));
    // a violation in a toast, or on an element gone since axe read it (a toast that finished leaving), is read again
    const transient = await page.evaluate(
      (sels) =>
        sels.some((sel) => {
          const el = document.querySelector(sel);
          return !el || el.closest('[data-sonner-toaster]') !== null;
        }),
      targets,
    );
    if (!transient || attempt === 3) return result;
  }
}

/**
 * The serious and critical WCAG 2.1 AA violations axe finds on the page as it stands (every element, dialogs and
 * toasts included), one line each (state, rule, impact, element), printed so a failing run says what to fix.
 */
export async function seriousViolations(page: Page, state: string): Promise<string[]> {
  const result = await analyzeSettled(page, () => axeOn(page));
  const lines = serious(result).flatMap((v) =>
    v.nodes.map((n) => `${state}: ${v.id} (${v.impact}) ${n.target.join(' ')}${n.failureSummary ? ` | ${n.failureSummary.replace(/\s+/g, ' ')}` : ''}`),
  );
  for (const line of lines) console.log(line);
  return lines;
}

/** The serious and critical WCAG 2.1 AA violations inside `selector`, leaving out what `exclude` matches. */
export async function violationsWithin(page: Page, selector: string, exclude?: string): Promise<string[]> {
  const result = await analyzeSettled(page, () => {
    const builder = axeOn(page).include(selector);
    return exclude ? builder.exclude(exclude) : builder;
  });
  return serious(result).map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
