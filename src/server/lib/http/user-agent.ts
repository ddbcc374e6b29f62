/** Longest user agent kept: real browsers send about 150 characters; the rest is a caller padding the log. */
export const USER_AGENT_MAX = 300;

/** The User-Agent header as recorded with attempts and marks: capped, control characters dropped. */
export function userAgentOf(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: they are what is removed
  return (value ?? '').replace(/[\u0000-\u001f\u007f]/g, '').slice(0, USER_AGENT_MAX);
}
