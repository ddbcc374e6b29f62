/**
 * Issue 39: what a notice says, as facts; the words are chosen where it is shown (the bell, the email) from
 * messages/shell/notices.ts, so a notice stored once reads the same in both.
 */
export type NoticeParams =
  | { kind: 'below_rule'; student_name: string; rate: number; required_rate: number; needed_to_recover: number | null }
  | { kind: 'absent_streak'; student_name: string; count: number }
  | { kind: 'leave_decided'; status: 'approved' | 'declined'; from_date: string; to_date: string; note: string | null }
  | { kind: 'registration_approved'; username: string }
  /** An imported student's invitation: email only (they cannot sign in before it); the link is scrubbed once sent. */
  | { kind: 'roster_invitation'; username: string; link: string | null; expires_at: string };

export type NoticeKind = NoticeParams['kind'];

/** The warnings: the kinds a student's guardian is copied on. */
export const WARNING_KINDS: readonly NoticeKind[] = ['below_rule', 'absent_streak'];

/** Kinds sent by email only: the bell never lists them (the invitation is for someone who cannot sign in yet). */
export const EMAIL_ONLY_KINDS: readonly NoticeKind[] = ['roster_invitation'];
