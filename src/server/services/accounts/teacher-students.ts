import { MSG } from '@shared/messages';
import type { ZTeacherAddStudentInput } from '@shared/schemas/attendance/class-tools';
import type { AuthUser } from '@server/auth/authenticate';
import { hashPassword } from '@server/auth/password';
import type { AppDeps } from '@server/deps';
import { isUniqueViolation } from '@server/db/dialect';
import { DomainError } from '@server/lib/errors';
import { isEmailTaken } from './users';

type Deps = Pick<AppDeps, 'db' | 'clock'>;
type Input = (typeof ZTeacherAddStudentInput)['_output'];

const emailTaken = () => new DomainError('CONFLICT', MSG.register.emailTaken, { fieldErrors: { email: MSG.register.emailTaken } });

/**
 * A teacher adds a student to their own department, active at once: the teacher vouches for who the student is, so
 * there is no approval step. No face yet: the student adds three photos at first login (/update-user), which become
 * a face change this department's teacher approves before the face check can match them.
 */
export async function addStudentByTeacher(deps: Deps, caller: AuthUser, input: Input) {
  if (caller.department_id === null) throw new DomainError('CONFLICT', MSG.addStudent.noDepartment);
  if (await isEmailTaken(deps, input.email)) throw emailTaken();
  const row = await deps.db
    .insertInto('users')
    .values({
      username: input.username,
      email: input.email,
      phone_number: input.phone_number || null,
      password_hash: await hashPassword(input.password),
      role: 'student',
      status: 'active',
      department_id: caller.department_id,
      created_at: deps.clock.now().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
    .catch((err: unknown) => {
      // Two adds of one email at once: the unique index refused the second.
      if (isUniqueViolation(err)) throw emailTaken();
      throw err;
    });
  return { id: row.id, message: MSG.addStudent.added(input.username) };
}
