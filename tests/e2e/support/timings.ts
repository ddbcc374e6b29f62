import type { Page } from 'playwright-core';

export interface Mark {
  what: 'token' | 'fetched' | 'navigated' | 'reference';
  detail: string;
  t: number;
}

/**
 * Runs in the page: timestamps (performance.now) the storing of the token, every completed fetch and every
 * history push/replace, so delays are measured in the browser and not skewed by a busy test runner.
 * Each token and fetch mark also starts a reference timer of `referenceMs` in the page: "the app acted before it"
 * is an ordering of two timers of one event loop, which a slow machine delays alike, where a bound on the measured
 * delay would time the machine.
 */
export function recordTimings(referenceMs: number) {
  const marks: Mark[] = [];
  (window as unknown as { __marks: Mark[] }).__marks = marks;
  const mark = (what: 'token' | 'fetched', detail: string) => {
    const index = marks.push({ what, detail, t: performance.now() }) - 1;
    setTimeout(() => marks.push({ what: 'reference', detail: String(index), t: performance.now() }), referenceMs);
  };
  const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key: string, value: string) {
    if (key === 'token') mark('token', '');
    return setItem.call(this, key, value);
  };
  const fetch = window.fetch;
  window.fetch = async (...args: Parameters<typeof window.fetch>) => {
    const res = await fetch(...args);
    mark('fetched', res.url);
    return res;
  };
  for (const method of ['pushState', 'replaceState'] as const) {
    const original = history[method];
    history[method] = function (this: History, ...args: Parameters<History['pushState']>) {
      marks.push({ what: 'navigated', detail: String(args[2] ?? ''), t: performance.now() });
      return original.apply(this, args);
    };
  }
}

export const readMarks = (page: Page) => page.evaluate(() => (window as unknown as { __marks: Mark[] }).__marks);

/**
 * From the first mark matching `from`: the milliseconds to the first later navigation to a path ending in `to`, and
 * whether it came before the mark's reference timer fired (a reference not fired yet came after).
 */
export async function delayUntilNavigation(page: Page, from: (m: Mark) => boolean, to: string) {
  const marks = await readMarks(page);
  const startIndex = marks.findIndex(from);
  const start = marks[startIndex];
  const endIndex = start ? marks.findIndex((m) => m.what === 'navigated' && m.t >= start.t && m.detail.endsWith(to)) : -1;
  if (!start || endIndex < 0) throw new Error(`no ${to} navigation after the mark: ${JSON.stringify(marks)}`);
  const referenceIndex = marks.findIndex((m) => m.what === 'reference' && m.detail === String(startIndex));
  return { ms: marks[endIndex].t - start.t, beforeReference: referenceIndex < 0 || endIndex < referenceIndex };
}
