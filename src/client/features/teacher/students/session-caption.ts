import { MSG } from '../../../../shared/messages';
import { formatDateTime } from '@/lib/format';
import type { SessionRef } from '../teacher-queries';

/** Names the session a list or a manual mark is for: its start time and whether it still runs. */
export const sessionCaption = (session: SessionRef | null | undefined) =>
  session ? MSG.teacher.sessionOf(formatDateTime(session.started_at), session.ended_at === null) : MSG.teacher.noSession;
