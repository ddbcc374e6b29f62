import type { Locator, Page } from 'playwright-core';

/**
 * Runs in the page: every visible element that reaches past the viewport's sides, and every box that has to
 * scroll sideways to show its content (a table whose last column is cut off). Toasts are fixed overlays: skipped.
 */
export function horizontalOverflow() {
  const vw = document.documentElement.clientWidth;
  const describe = (el: Element) =>
    `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${[...el.classList].slice(0, 3).join('.')} "${(el.textContent ?? '').trim().slice(0, 30)}"`;
  const outside: string[] = [];
  const scrollers: string[] = [];
  const beyond = (el: Element) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && (r.right > vw + 1 || r.left < -1);
  };
  // Drawn inside a box that clips it (a progress bar's sliding fill): what shows is that box, checked on its own.
  const clipped = (el: Element) => {
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      if (getComputedStyle(p).overflowX !== 'visible') return true;
    }
    return false;
  };
  for (const el of document.querySelectorAll('body *')) {
    if (el.closest('[data-sonner-toaster]')) continue;
    // Report the innermost offenders: the parents of a too-wide element are too wide because of it.
    if (beyond(el) && !clipped(el) && ![...el.children].some(beyond)) {
      const r = el.getBoundingClientRect();
      outside.push(`${describe(el)} [${Math.round(r.left)}..${Math.round(r.right)}]`);
    }
    const style = getComputedStyle(el);
    if (['auto', 'scroll'].includes(style.overflowX) && el.scrollWidth > el.clientWidth + 1)
      scrollers.push(`${describe(el)} ${el.scrollWidth}>${el.clientWidth}`);
  }
  return { page: document.documentElement.scrollWidth > vw, outside: outside.slice(0, 5), scrollers: scrollers.slice(0, 5) };
}

/**
 * The visible elements matched inside `scope` whose box is not wholly inside the viewport (cut or below the fold).
 * Visible as Playwright's isVisible has it (rendered, visibility: visible, a box of some size). Read in one pass in the
 * page: reading element by element searched for `scope` again at each read (a dialog found by role and text over
 * hundreds of rows), two searches per element.
 */
export async function outOfView(page: Page, scope: Locator, selector: string) {
  const vp = page.viewportSize()!;
  return scope.locator(selector).evaluateAll((els, { width, height }) => {
    const out: string[] = [];
    for (const el of els) {
      const b = el.getBoundingClientRect();
      if (!el.checkVisibility() || getComputedStyle(el).visibility !== 'visible' || b.width === 0 || b.height === 0) continue;
      if (b.x < -1 || b.y < -1 || b.x + b.width > width + 1 || b.y + b.height > height + 1)
        out.push(`${(el as HTMLElement).innerText.trim().slice(0, 30)} [${Math.round(b.x)},${Math.round(b.y)} ${Math.round(b.width)}x${Math.round(b.height)}]`);
    }
    return out;
  }, vp);
}
