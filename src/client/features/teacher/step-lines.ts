import { MSG } from '@shared/messages';
import { formatDateTime, humanize } from '@/lib/format';
import type { SessionStudent } from './teacher-queries';

const at = (iso: string) => formatDateTime(iso);

/**
 * Issue 36: the last attempt at each step of the mark in the session, as a teacher reads it: in a student's detail
 * dialog and, issue 39, beside a review request. `mark`: the student's record in the session, if any.
 */
export function stepLines(
  steps: SessionStudent['steps'],
  roomCodeAsked: boolean,
  mark: { status: string; at: string; manual: boolean } | null,
): [string, string][] {
  const { geofence, room_code, face, mark: refusedMark } = steps;
  const geo = !geofence
    ? MSG.teacher.detail.steps.none
    : geofence.outcome === 'inside'
      ? MSG.teacher.detail.steps.inside(at(geofence.at))
      : geofence.outcome === 'outside'
        ? MSG.teacher.detail.steps.outside(geofence.distance_m, at(geofence.at))
        : MSG.teacher.detail.steps.offCampus(at(geofence.at));
  const code = !roomCodeAsked
    ? MSG.teacher.detail.steps.noCode
    : !room_code
      ? MSG.teacher.detail.steps.none
      : room_code.outcome === 'accepted'
        ? MSG.teacher.detail.steps.codeAccepted(at(room_code.at))
        : MSG.teacher.detail.steps.codeWrong(at(room_code.at));
  let check: string = MSG.teacher.detail.steps.none;
  if (face) {
    const when = at(face.at);
    const outcome =
      face.outcome === 'passed'
        ? MSG.teacher.detail.steps.facePassed(when)
        : face.outcome === 'abandoned'
          ? MSG.teacher.detail.steps.faceAbandoned(when)
          : face.outcome === 'running'
            ? MSG.teacher.detail.steps.faceRunning(when)
            : MSG.teacher.detail.steps.faceRefused(faceReason(face.reason), when);
    check = `${outcome}; ${MSG.teacher.detail.steps.triesUsed(face.used, face.of)}`;
  }
  const markLine = mark
    ? MSG.teacher.detail.steps.marked(humanize(mark.status), at(mark.at), mark.manual)
    : refusedMark
      ? MSG.teacher.detail.steps.markRefused(MSG.teacher.detail.steps.markReasons[refusedMark.reason], at(refusedMark.at))
      : MSG.teacher.detail.steps.noMark;
  return [
    [MSG.teacher.detail.steps.geofence, geo],
    [MSG.teacher.detail.steps.roomCode, code],
    [MSG.teacher.detail.steps.face, check],
    [MSG.teacher.detail.steps.mark, markLine],
  ];
}

/** A face check's refusal code as a teacher reads it; an unknown code as it is. */
export const faceReason = (reason: string | null) => MSG.teacher.detail.steps.reasons[reason ?? ''] ?? humanize(reason);
