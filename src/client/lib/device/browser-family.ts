/** Which browser's settings the permission help describes; 'other' gets the generic text. */
export type BrowserFamily = 'chrome' | 'safari' | 'firefox' | 'other';

/**
 * From the user agent. On iPhone and iPad every browser is Safari's engine with Safari's settings, but Firefox and
 * Chrome there (FxiOS, CriOS) keep their own site menus: Firefox first, then Chrome-likes (Edge, Samsung Internet,
 * Opera share Chrome's menu), then Safari.
 */
export function browserFamily(userAgent: string): BrowserFamily {
  if (/Firefox\/|FxiOS\//.test(userAgent)) return 'firefox';
  if (/Chrome\/|Chromium\/|CriOS\/|EdgA?\/|SamsungBrowser\//.test(userAgent)) return 'chrome';
  if (/Safari\//.test(userAgent) && /iPhone|iPad|iPod|Macintosh/.test(userAgent)) return 'safari';
  return 'other';
}
