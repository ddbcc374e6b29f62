import type { AuthUser } from './authenticate';

/**
 * Who decides for a student (a leave request, a face change, a face collision): a teacher for the students of their
 * own department, an admin for everyone (a teacher's own requests included).
 */
export const decidesFor = (caller: AuthUser, user: { role: string; department_id: number | null }) =>
  caller.role === 'admin' || (user.role === 'student' && caller.department_id !== null && user.department_id === caller.department_id);
