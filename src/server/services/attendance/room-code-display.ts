import { ROOM_CODE_WINDOW_SECONDS } from '@shared/constants';
import { MSG } from '@shared/messages';
import type { TRoomCodeInput } from '@shared/schemas/attendance/room-code';
import type { AuthUser } from '@server/auth/authenticate';
import type { AppDeps } from '@server/deps';
import { DomainError } from '@server/lib/errors';
import { roomCodeOf, roomCodeSecondsLeft, roomCodeWindow } from './room-code';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'sessions'>;

/**
 * What the classroom screen shows now for the caller's open session: the code, when it changes, and the link a phone
 * opens from the QR code. Only the teacher (or admin) who started the session gets it; a display may name the session
 * (`session_id`), and a session of someone else's is refused rather than said not to exist. `origin` is the request's
 * protocol and host as Express reads them (TRUST_PROXY honoured), so the link works through the school's proxy.
 */
export async function getRoomCode(deps: Deps, caller: AuthUser, input: TRoomCodeInput, origin: string) {
  await deps.sessions.sweepIfDue();
  let q = deps.db
    .selectFrom('geofence_sessions as s')
    .innerJoin('departments as d', 'd.id', 's.department_id')
    .select(['s.id', 's.teacher_id', 's.ends_at', 's.room_code_secret', 'd.name as department_name'])
    .where('s.ended_at', 'is', null);
  q = input?.session_id ? q.where('s.id', '=', input.session_id) : q.where('s.teacher_id', '=', caller.id);
  const session = await q.executeTakeFirst();
  if (!session) throw new DomainError('NOT_FOUND', MSG.roomCodeDisplay.noOpenSession, { errorCode: 'no_open_session' });
  if (session.teacher_id !== caller.id) throw new DomainError('FORBIDDEN', MSG.roomCodeDisplay.notYourSession);
  if (!session.room_code_secret) throw new DomainError('NOT_FOUND', MSG.roomCodeDisplay.notRequired, { errorCode: 'room_code_not_required' });
  const now = deps.clock.now().getTime();
  const code = roomCodeOf(session.room_code_secret, roomCodeWindow(now));
  return {
    code,
    seconds_left: roomCodeSecondsLeft(now),
    url: `${origin}/student-dashboard?room_code=${code}`,
    window_seconds: ROOM_CODE_WINDOW_SECONDS,
    department_name: session.department_name,
    ends_at: session.ends_at,
  };
}
