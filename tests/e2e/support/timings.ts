import type { Page } from 'playwright-core';

export interface Mark {
  what: 'token' | 'fetched' | 'navigated';
  detail: string;
  t: number;
}

/**
 * Runs in the page: timestamps (performance.now) the storing of the token, every completed fetch and every
 * history push/replace, so delays are measured in the browser and not skewed by a busy test runner.
 */
export function recordTimings() {
  const marks: Mark[] = [];
  (window as unknown as { __marks: Mark[] }).__marks = marks;
  const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key: string, value: string) {
    if (key === 'token') marks.push({ what: 'token', detail: '', t: performance.now() });
    return setItem.call(this, key, value);
  };
  const fetch = window.fetch;
  window.fetch = async (...args: Parameters<typeof window.fetch>) => {
    const res = await fetch(...args);
    marks.push({ what: 'fetched', detail: res.url, t: performance.now() });
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

/** Milliseconds from the first mark matching `from` to the first later navigation to a path ending in `to`. */
export async function delayUntilNavigation(page: Page, from: (m: Mark) => boolean, to: string) {
  const marks = await readMarks(page);
  const start = marks.find(from);
  const end = start && marks.find((m) => m.what === 'navigated' && m.t >= start.t && m.detail.endsWith(to));
  if (!start || !end) throw new Error(`no ${to} navigation after the mark: ${JSON.stringify(marks)}`);
  return end.t - start.t;
}
