import { MSG } from '@shared/messages';
import type { AuthUser } from '@server/auth/authenticate';
import type { AppDeps } from '@server/deps';
import { isUniqueViolation } from '@server/db/dialect';
import { DomainError } from '@server/lib/errors';
import { createInvitation, type Invitation } from './invitations';
import { readRosterCsv } from './roster-csv';
import { checkRoster } from './roster-preview';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config'>;

/**
 * The password hash of an account that waits for its photos: not an argon2 hash, so no password verifies against it
 * (auth/password.ts answers false) until the student sets one through their invitation.
 */
export const NO_PASSWORD_YET = '!invited';

/** The roster's preview: every row, its errors and what the import would do. Writes nothing. */
export async function previewRoster(deps: Deps, caller: AuthUser, file: Buffer) {
  const { rows, summary } = await checkRoster(deps.db, caller, readRosterCsv(file));
  return { rows, summary };
}

/**
 * Imports a roster: checked again (the file may differ from the one previewed, the database may have moved) inside
 * the transaction that writes it, and written only when no row has an error. Each new student is a pending account
 * that cannot sign in, with its invitation; the teacher's import is their approval, completed by the photos. Rows
 * already here change nothing, so a file imported twice creates nothing the second time.
 */
export async function importRoster(deps: Deps, caller: AuthUser, file: Buffer, origin: string) {
  const lines = readRosterCsv(file);
  const now = deps.clock.now().toISOString();
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const { rows, summary, fresh } = await checkRoster(trx, caller, lines);
      if (summary.errors > 0) throw new DomainError('VALIDATION', MSG.roster.fixFirst(summary.errors), { errorCode: 'roster_has_errors' });
      const invitations: Invitation[] = [];
      for (const s of fresh) {
        const user = await trx
          .insertInto('users')
          .values({
            username: s.username,
            email: s.email,
            roll_number: s.roll_number,
            password_hash: NO_PASSWORD_YET,
            role: 'student',
            status: 'pending',
            department_id: s.department_id,
            created_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        invitations.push(await createInvitation(trx, deps, { userId: user.id, createdBy: caller.id, origin }));
      }
      const message = fresh.length ? MSG.roster.imported(fresh.length) : MSG.roster.nothingNew;
      return { rows, summary, invitations, message };
    });
  } catch (err) {
    // Another import or registration took an email or roll number between the check and the write.
    if (isUniqueViolation(err)) throw new DomainError('CONFLICT', MSG.roster.failed);
    throw err;
  }
}
