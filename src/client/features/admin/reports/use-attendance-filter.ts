import { useMemo, useState } from 'react';
import type { AttendanceFilter } from '../admin-types';

export interface FilterDraft {
  department_id: string;
  mode: string;
  teacher: string;
  student: string;
  start_date: string;
  end_date: string;
  /** Issue 19: only present marks with a flag. */
  flagged: boolean;
}

export const EMPTY_FILTER: FilterDraft = { department_id: '', mode: '', teacher: '', student: '', start_date: '', end_date: '', flagged: false };

/** The filter row's fields as typed ('' = any) into the input every report query takes. */
export function toFilterInput(d: FilterDraft): AttendanceFilter {
  const id = (v: string) => (v ? Number(v) : undefined);
  return {
    department_id: id(d.department_id),
    teacher: id(d.teacher),
    student: id(d.student),
    mode: d.mode === 'offline' || d.mode === 'online' ? d.mode : undefined,
    start_date: d.start_date || undefined,
    end_date: d.end_date || undefined,
    // Unticked means no filter (every mark), not "unflagged marks only".
    flagged: d.flagged || undefined,
  };
}

/** What the row shows (draft) and what the reports use (applied, on Apply Filters). */
export function useAttendanceFilter() {
  const [draft, setDraft] = useState<FilterDraft>(EMPTY_FILTER);
  const [applied, setApplied] = useState<FilterDraft>(EMPTY_FILTER);
  // One object per applied filter: queries and effects keyed on it do not refire on every render.
  const input = useMemo(() => toFilterInput(applied), [applied]);
  return {
    draft,
    applied,
    input,
    set: <K extends keyof FilterDraft>(key: K, value: FilterDraft[K]) => setDraft((d) => ({ ...d, [key]: value })),
    apply: () => setApplied(draft),
    clear: () => {
      setDraft(EMPTY_FILTER);
      setApplied(EMPTY_FILTER);
    },
  };
}
