import { keepPreviousData } from '@tanstack/react-query';
import { POLL_INTERVAL_MS, TEACHER_STUDENT_PAGE_SIZE } from '@shared/constants';
import { type RouterOutputs, trpc } from '@/lib/api/trpc';
import { MSG } from '@shared/messages';
import { formatDateTime } from '@/lib/format';

type Teacher = RouterOutputs['teacher'];
export type Department = Teacher['departments'][number];
type SessionStudents = Teacher['studentsForSession'];
export type SessionStudent = SessionStudents['students'][number];
/** The session a student list (and a manual mark made from it) belongs to. */
export type SessionRef = NonNullable<Extract<SessionStudents, { session: unknown }>['session']>;

/** A teacher outside any department gets a list without a session. */
export const sessionOf = (list: SessionStudents | undefined): SessionRef | null => (list && 'session' in list ? list.session : null);
export type PendingGroup = Teacher['pendingStudents'][number];
export type PendingStudent = PendingGroup['students'][number];

export const useTeacherProfile = () => trpc.teacher.profile.useQuery();

export const useDepartments = () => trpc.teacher.departments.useQuery(undefined, { staleTime: Infinity });

/** Polled every 5 s while a session is active (SPEC 4). */
export const useGeofenceStatus = () =>
  trpc.teacher.geofenceStatus.useQuery(undefined, {
    refetchInterval: (query) => (query.state.data?.active ? POLL_INTERVAL_MS : false),
    staleTime: 0,
  });

/** The session's students, page by page; refreshed every 5 s while `live`. */
export const useSessionStudents = (page: number, search: string, live: boolean) =>
  trpc.teacher.studentsForSession.useQuery(
    { page, limit: TEACHER_STUDENT_PAGE_SIZE, search },
    { refetchInterval: live ? POLL_INTERVAL_MS : false, placeholderData: keepPreviousData, staleTime: 0 },
  );

export const usePendingStudents = () => trpc.teacher.pendingStudents.useQuery(undefined, { staleTime: 0 });

/** Names the session a list or a manual mark is for: its start time and whether it still runs. */
export const sessionCaption = (session: SessionRef | null | undefined) =>
  session ? MSG.teacher.sessionOf(formatDateTime(session.started_at), session.ended_at === null) : MSG.teacher.noSession;
