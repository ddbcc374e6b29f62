/**
 * Issue 19: why a present mark deserves a second look. A flag never refuses a mark; it tells a person where to look.
 * The codes travel in every API answer beside their text (MSG.markFlags), so the client never rebuilds a reason.
 */
export const MARK_FLAG_CODES = [
  'same_device',
  'same_address',
  'off_campus',
  'copied_position',
  'copied_accuracy',
  'no_room_code',
  'outside_checks',
  'failed_challenges',
  // issue 35: the face check and the final mark came from different network addresses (a login relayed?)
  'different_networks',
  // issue 35: a mark from another address than the one most of the session's marks share
  'class_network',
  // issue 35: a mark without the server's device cookie (a REST client or script), unless the school turned it off
  'not_from_browser',
] as const;
export type MarkFlagCode = (typeof MARK_FLAG_CODES)[number];
export interface MarkFlag {
  code: MarkFlagCode;
  text: string;
}
