import { MARK_FLAG_CLASS_ADDRESS_MIN, MARK_FLAG_POSITION_DECIMALS, MARK_FLAG_SAME_ACCURACY_OTHERS, MARK_FLAG_SAME_ADDRESS_SECONDS } from '@shared/constants';
import type { FlagRefs, RelationalCode } from './flag-bits';

/** A student's own present mark of a session, with the signals it was written with. */
export interface SessionMark {
  id: number;
  student_id: number;
  device_id: string | null;
  ip: string | null;
  /** marked_at in milliseconds. */
  at: number;
  latitude: number | null;
  longitude: number | null;
  accuracy_m: number | null;
}

type Refs = Pick<FlagRefs, RelationalCode>;

/** Marks sharing a key (nulls never share one). */
function groups<K>(marks: SessionMark[], key: (m: SessionMark) => K | null) {
  const by = new Map<K, SessionMark[]>();
  for (const m of marks) {
    const k = key(m);
    if (k === null) continue;
    const g = by.get(k);
    if (g) g.push(m);
    else by.set(k, [m]);
  }
  return [...by.values()].filter((g) => g.length > 1);
}

const othersOf = (m: SessionMark, group: SessionMark[]) => group.filter((o) => o.student_id !== m.student_id).map((o) => o.student_id);

function add(out: Map<number, Refs>, id: number, code: 'same_device' | 'same_address' | 'copied_position', students: number[]) {
  if (!students.length) return;
  const refs = out.get(id) ?? {};
  refs[code] = [...new Set([...(refs[code] ?? []), ...students])].sort((a, b) => a - b);
  out.set(id, refs);
}

const scale = 10 ** MARK_FLAG_POSITION_DECIMALS;

/**
 * The flags a session's marks raise on one another, by mark id (marks without any are absent):
 * - same_device: the browser's id of another student's mark;
 * - same_address: another student's address within MARK_FLAG_SAME_ADDRESS_SECONDS, only when `sameAddress` (no
 *   campus network is set) and the session has marks from more than one address: behind a school's NAT every mark
 *   shares one, and that says nothing;
 * - copied_position: latitude and longitude equal to MARK_FLAG_POSITION_DECIMALS decimals;
 * - copied_accuracy: an accuracy equal to the 0.1 m with at least MARK_FLAG_SAME_ACCURACY_OTHERS other marks (what
 *   a developer tools' override gives every student who copies it);
 * - class_network: once at least MARK_FLAG_CLASS_ADDRESS_MIN marks share one address (the class's: a school's NAT),
 *   a mark from any other address (a student at home with a faked position and a relayed code). Sharing the class's
 *   address is then what a class does: it raises no same_address.
 */
export function relationalFlags(marks: SessionMark[], opts: { sameAddress: boolean }): Map<number, Refs> {
  const out = new Map<number, Refs>();
  for (const g of groups(marks, (m) => m.device_id)) for (const m of g) add(out, m.id, 'same_device', othersOf(m, g));

  const addresses = new Set(marks.flatMap((m) => (m.ip ? [m.ip] : [])));
  const classAddress = classAddressOf(marks);
  if (classAddress) for (const m of marks) if (m.ip && m.ip !== classAddress.ip) out.set(m.id, { ...out.get(m.id), class_network: classAddress.marks });
  if (opts.sameAddress && addresses.size > 1) {
    const windowMs = MARK_FLAG_SAME_ADDRESS_SECONDS * 1000;
    for (const g of groups(marks, (m) => (m.ip === classAddress?.ip ? null : m.ip)))
      for (const m of g)
        add(
          out,
          m.id,
          'same_address',
          othersOf(
            m,
            g.filter((o) => Math.abs(o.at - m.at) <= windowMs),
          ),
        );
  }

  const position = (m: SessionMark) =>
    m.latitude === null || m.longitude === null ? null : `${Math.round(m.latitude * scale)},${Math.round(m.longitude * scale)}`;
  for (const g of groups(marks, position)) for (const m of g) add(out, m.id, 'copied_position', othersOf(m, g));

  for (const g of groups(marks, (m) => (m.accuracy_m === null ? null : Math.round(m.accuracy_m * 10)))) {
    if (g.length - 1 < MARK_FLAG_SAME_ACCURACY_OTHERS) continue;
    for (const m of g) out.set(m.id, { ...out.get(m.id), copied_accuracy: g.length - 1 });
  }
  return out;
}

/** The address at least MARK_FLAG_CLASS_ADDRESS_MIN marks share, when one address is shared by more than any other. */
function classAddressOf(marks: SessionMark[]): { ip: string; marks: number } | null {
  const sizes = groups(marks, (m) => m.ip)
    .map((g) => ({ ip: g[0].ip!, marks: g.length }))
    .sort((a, b) => b.marks - a.marks);
  const [first, second] = sizes;
  if (!first || first.marks < MARK_FLAG_CLASS_ADDRESS_MIN || (second && second.marks === first.marks)) return null;
  return first;
}
