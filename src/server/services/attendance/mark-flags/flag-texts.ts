import { MARK_FLAG_CODES, type MarkFlag } from '@shared/attendance/mark-flags';
import { MSG } from '@shared/messages';
import type { DB } from '@server/db/connect';
import { flagBit, type FlagRefs, parseRefs } from './flag-bits';

/** The students a record's flags name (to read their names once for a whole list). */
export function referencedStudents(json: string | null): number[] {
  const refs = parseRefs(json);
  return [...(refs.same_device ?? []), ...(refs.same_address ?? []), ...(refs.copied_position ?? [])];
}

/** The names of the students a list of records' flags name, in one query. */
export async function namesForFlags(db: DB, jsons: (string | null)[], known?: Map<number, string>) {
  const ids = [...new Set(jsons.flatMap(referencedStudents))].filter((id) => !known?.has(id));
  const names = new Map(known);
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom('users')
      .select(['id', 'username'])
      .where('id', 'in', ids.slice(i, i + 500))
      .execute();
    for (const u of rows) names.set(u.id, u.username);
  }
  return names;
}

function textOf(code: (typeof MARK_FLAG_CODES)[number], refs: FlagRefs, names: Map<number, string>): string {
  const who = (ids: number[] | undefined) => (ids ?? []).map((id) => names.get(id) ?? '?').join(', ');
  switch (code) {
    case 'same_device':
      return MSG.markFlags.sameDevice(who(refs.same_device));
    case 'same_address':
      return MSG.markFlags.sameAddress(who(refs.same_address));
    case 'off_campus':
      return MSG.markFlags.offCampus;
    case 'copied_position':
      return MSG.markFlags.copiedPosition(who(refs.copied_position));
    case 'copied_accuracy':
      return MSG.markFlags.copiedAccuracy(refs.copied_accuracy ?? 0);
    case 'no_room_code':
      return MSG.markFlags.noRoomCode;
    case 'outside_checks':
      return MSG.markFlags.outsideChecks(refs.outside_checks ?? 0);
    case 'class_network':
      return MSG.markFlags.classNetwork;
    case 'different_networks':
      return MSG.markFlags.differentNetworks;
    case 'not_from_browser':
      return MSG.markFlags.notFromBrowser;
    case 'failed_challenges':
      // never stored on a record: shown live from the session's challenges (session-students.ts)
      return MSG.markFlags.failedChallenges(0, false);
  }
}

/** A record's stored flags as the API shows them, in MARK_FLAG_CODES order. `names` holds the students they name. */
export function flagsOf(bits: number, json: string | null, names: Map<number, string>): MarkFlag[] {
  if (!bits) return [];
  const refs = parseRefs(json);
  return MARK_FLAG_CODES.filter((code) => bits & flagBit(code)).map((code) => ({ code, text: textOf(code, refs, names) }));
}

/** The Flags cell of a CSV line: the texts joined by '; ', empty without flags. */
export const flagsText = (flags: MarkFlag[]) => flags.map((f) => f.text).join('; ');
