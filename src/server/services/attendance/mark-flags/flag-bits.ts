import { MARK_FLAG_CODES, type MarkFlagCode } from '@shared/attendance/mark-flags';

/** A flag code's bit in attendance_records.mark_flags: its place in MARK_FLAG_CODES (the order is part of the data). */
export const flagBit = (code: MarkFlagCode) => 1 << MARK_FLAG_CODES.indexOf(code);

/** Flags that depend on the session's other marks: recomputed for the whole session whenever one of them changes. */
export const RELATIONAL_CODES = [
  'same_device',
  'same_address',
  'copied_position',
  'copied_accuracy',
  'class_network',
] as const satisfies readonly MarkFlagCode[];
export type RelationalCode = (typeof RELATIONAL_CODES)[number];

/** Flags fixed when the mark is written (the student's own steps, the session's settings). */
export const FIXED_MASK =
  flagBit('off_campus') | flagBit('no_room_code') | flagBit('outside_checks') | flagBit('different_networks') | flagBit('not_from_browser');

/**
 * What the reasons' texts are made of, stored as JSON beside the bits: the other students' ids for the relational
 * flags (names are looked up when shown, so a renamed student reads right), counts for the others.
 */
export interface FlagRefs {
  same_device?: number[];
  same_address?: number[];
  copied_position?: number[];
  /** How many other marks of the session share this accuracy. */
  copied_accuracy?: number;
  /** How many marks of the session share the class's address (this mark came from another). */
  class_network?: number;
  /** Outside answers of the student in the session when the mark was written. */
  outside_checks?: number;
}

/** The bits of a set of refs and fixed bits: a relational flag is set exactly when its refs say so. */
export function bitsOf(fixed: number, refs: FlagRefs): number {
  let bits = fixed & FIXED_MASK;
  for (const code of RELATIONAL_CODES) if (refs[code] !== undefined) bits |= flagBit(code);
  return bits;
}

/** The stored JSON of refs, keys in MARK_FLAG_CODES order so an unchanged set writes the same text; null when empty. */
export function refsJson(refs: FlagRefs): string | null {
  const ordered: Record<string, unknown> = {};
  for (const code of MARK_FLAG_CODES) {
    const v = refs[code as keyof FlagRefs];
    if (v !== undefined) ordered[code] = v;
  }
  return Object.keys(ordered).length ? JSON.stringify(ordered) : null;
}

export function parseRefs(json: string | null): FlagRefs {
  if (!json) return {};
  try {
    return JSON.parse(json) as FlagRefs;
  } catch {
    return {};
  }
}
