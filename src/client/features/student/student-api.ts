import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { STUDENT_ATTENDANCE_PAGE_SIZE } from '../../../shared/constants';
import { fetchJson } from '@/features/attendance/fetch-json';

export interface AttendanceRecord {
  id: number;
  timestamp: string;
  status: 'present' | 'absent';
  manual_flag: boolean;
  marked_by: string | null;
}

export interface AttendanceList {
  attendance_records: AttendanceRecord[];
  attendance_rate: number;
  total_pages: number;
  total_records?: number;
  last_present_at?: string | null;
}

export interface StudentProfile {
  id: number;
  username: string;
  email: string;
  phone_number: string | null;
  role: string;
  status: string;
  last_login: string | null;
  department: string | null;
  face_enrollment: { enrollment_status: string; image_urls: string[]; capture_times: string[] };
}

export const studentKeys = {
  all: ['student'] as const,
  attendance: (page: number) => ['student', 'attendance', page] as const,
  profile: ['student', 'profile'] as const,
};

/** GET /api/get_attendance, 10 a page; always refetched on mount so a fresh mark shows when coming back. */
export function useStudentAttendance(page: number, enabled = true) {
  return useQuery({
    queryKey: studentKeys.attendance(page),
    queryFn: () => fetchJson<AttendanceList>(`/get_attendance?page=${page}&limit=${STUDENT_ATTENDANCE_PAGE_SIZE}`),
    placeholderData: keepPreviousData,
    staleTime: 0,
    enabled,
  });
}

export function useStudentProfile(enabled = true) {
  return useQuery({
    queryKey: studentKeys.profile,
    queryFn: () => fetchJson<StudentProfile>('/get_student_profile'),
    staleTime: 0,
    enabled,
  });
}
