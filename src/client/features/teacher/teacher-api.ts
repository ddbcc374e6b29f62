import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { POLL_INTERVAL_MS, TEACHER_STUDENT_PAGE_SIZE } from '../../../shared/constants';
import { fetchJson } from '@/features/attendance/fetch-json';

export interface Department {
  id: number;
  name: string;
}

export interface TeacherProfile {
  id: number;
  username: string;
  email: string;
  role: string;
  department: Department | null;
}

export type GeofenceStatus =
  | { active: false }
  | {
      active: true;
      session_id: number;
      latitude: number;
      longitude: number;
      radius: number;
      department: Department;
      session_start_time: string;
      session_end_time: string;
      remaining_seconds: number;
    };

export interface SessionStudent {
  student_id: number;
  session_id: number | null;
  name: string;
  email: string;
  status: 'present' | 'absent';
  marked: boolean;
  timestamp: string | null;
  geofencing_status: string | null;
  face_recognition_status: string | null;
  manual_override: boolean;
  image_urls: string[];
  /** Geofence checks from outside in this session; flagged past a few (someone probing for the classroom). */
  outside_checks: number;
  flagged: boolean;
}

export interface SessionStudents {
  students: SessionStudent[];
  allStudents: SessionStudent[];
  totalPages: number;
  session_id: number | null;
  session_active?: boolean;
  session?: SessionRef | null;
}

/** The session a student list (and a manual mark made from it) belongs to. */
export interface SessionRef {
  id: number;
  started_at: string;
  ended_at: string | null;
}

export interface PendingStudent {
  id: number;
  username: string;
  email: string;
  phone_number: string | null;
  status: string;
  images: string[];
}

export interface PendingGroup {
  id: number;
  department_name: string;
  students: PendingStudent[];
}

/** Every teacher query key starts with 'teacher', so one invalidation refreshes the dashboard after a change. */
export const teacherKeys = {
  all: ['teacher'] as const,
  profile: ['teacher', 'profile'] as const,
  departments: ['teacher', 'departments'] as const,
  status: ['teacher', 'geofence-status'] as const,
  students: (page: number, search: string) => ['teacher', 'students', page, search] as const,
  pending: ['teacher', 'pending'] as const,
};

export const useTeacherProfile = () =>
  useQuery({ queryKey: teacherKeys.profile, queryFn: () => fetchJson<TeacherProfile>('/get_teacher_profile') });

export const useDepartments = () =>
  useQuery({ queryKey: teacherKeys.departments, queryFn: () => fetchJson<Department[]>('/admin/departments'), staleTime: Infinity });

/** Polled every 5 s while a session is active (SPEC 4). */
export const useGeofenceStatus = () =>
  useQuery({
    queryKey: teacherKeys.status,
    queryFn: () => fetchJson<GeofenceStatus>('/check_geofence_status'),
    refetchInterval: (query) => (query.state.data?.active ? POLL_INTERVAL_MS : false),
    staleTime: 0,
  });

/** The session's students, page by page; refreshed every 5 s while `live`. */
export const useSessionStudents = (page: number, search: string, live: boolean) =>
  useQuery({
    queryKey: teacherKeys.students(page, search),
    queryFn: () =>
      fetchJson<SessionStudents>(`/get_students_for_session?page=${page}&limit=${TEACHER_STUDENT_PAGE_SIZE}&search=${encodeURIComponent(search)}`),
    refetchInterval: live ? POLL_INTERVAL_MS : false,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const usePendingStudents = () =>
  useQuery({ queryKey: teacherKeys.pending, queryFn: () => fetchJson<PendingGroup[]>('/pending_students_by_department'), staleTime: 0 });
