const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/\bOPR\/(\d+)/, 'Opera'],
  [/\bSamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\/(\d+)/, 'Firefox'],
  [/\b(?:Chrome|CriOS)\/(\d+)/, 'Chrome'],
  [/\bVersion\/(\d+)[^ ]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/\bAndroid\b/, 'Android'],
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];
/** Longest label for a user agent no rule recognises. */
const RAW_MAX = 40;

/**
 * A user agent as a person reads it ("Chrome 131 on Android"): the full header stays in the database, the screens
 * show this. An unrecognised one is shown cut short; '' or null gives null.
 */
export function deviceLabel(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const browser = BROWSERS.map(([re, name]) => [re.exec(userAgent), name] as const).find(([m]) => m);
  const system = SYSTEMS.find(([re]) => re.test(userAgent))?.[1];
  if (!browser) return userAgent.length > RAW_MAX ? `${userAgent.slice(0, RAW_MAX - 1)}…` : userAgent;
  const name = `${browser[1]} ${browser[0]![1]}`;
  return system ? `${name} on ${system}` : name;
}
