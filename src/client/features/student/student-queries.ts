import { keepPreviousData } from '@tanstack/react-query';
import { STUDENT_ATTENDANCE_PAGE_SIZE } from '@shared/constants';
import { type RouterOutputs, trpc } from '@/lib/api/trpc';

export type AttendanceList = RouterOutputs['student']['attendance'];

/** student.attendance, 10 a page; always refetched on mount so a fresh mark shows when coming back. */
export function useStudentAttendance(page: number, enabled = true) {
  return trpc.student.attendance.useQuery({ page, limit: STUDENT_ATTENDANCE_PAGE_SIZE }, { placeholderData: keepPreviousData, staleTime: 0, enabled });
}

export function useStudentProfile(enabled = true) {
  return trpc.student.profile.useQuery(undefined, { staleTime: 0, enabled });
}
