import type { Page } from 'playwright-core';

/** What has the keyboard focus: its tag, role, accessible text and whether its focus is drawn. */
export interface FocusedElement {
  tag: string;
  role: string | null;
  text: string;
  inDialog: boolean;
  inMain: boolean;
  /** Focused, it looks different from unfocused: an outline, a ring (box-shadow), a border, an underline or a fill. */
  indicator: boolean;
}

/** Transitions off, so a ring is read at its final look, not mid-fade (a style of the test, not of the app). */
export const stillTransitions = (page: Page) =>
  page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; }' });

export function focused(page: Page): Promise<FocusedElement | null> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const look = () => {
      const s = getComputedStyle(el);
      const outline = s.outlineStyle !== 'none' && Number.parseFloat(s.outlineWidth) > 0 ? `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor}` : 'none';
      return [outline, s.boxShadow, s.borderColor, s.textDecorationLine, s.backgroundColor].join('|');
    };
    const focusedLook = look();
    // The same element unfocused, then focused again (after a key press Chrome keeps :focus-visible on a refocus).
    el.blur();
    const plainLook = look();
    el.focus({ preventScroll: true });
    return {
      tag: el.tagName.toLowerCase(),
      role: el.getAttribute('role'),
      text: (el.getAttribute('aria-label') ?? el.innerText ?? '').trim().slice(0, 80),
      inDialog: Boolean(el.closest('[role=dialog],[role=alertdialog]')),
      inMain: Boolean(el.closest('main')),
      indicator: focusedLook !== plainLook,
    };
  });
}

/** Presses Tab `count` times from where the focus is, noting each stop. */
export async function tabStops(page: Page, count: number): Promise<(FocusedElement | null)[]> {
  const stops: (FocusedElement | null)[] = [];
  for (let i = 0; i < count; i += 1) {
    await page.keyboard.press('Tab');
    stops.push(await focused(page));
  }
  return stops;
}
