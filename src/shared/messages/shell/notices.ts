import type { NoticeParams } from '@shared/notices/notice-kinds';

const range = (from: string, to: string) => (from === to ? from : `${from} to ${to}`);

/** A notice's title and text, for the student (or user) it is for, or for a student's guardian. */
function noticeText(p: NoticeParams, to: 'user' | 'guardian'): { title: string; body: string } {
  const who = to === 'guardian' ? (p.kind === 'below_rule' || p.kind === 'absent_streak') && `${p.student_name}'s` : 'Your';
  switch (p.kind) {
    case 'below_rule':
      return {
        title: `Attendance below ${p.required_rate}%`,
        body: `${who} attendance this semester is ${p.rate}%, below the ${p.required_rate}% required. ${
          p.needed_to_recover === null
            ? `It can no longer reach ${p.required_rate}% this semester; please speak to the teacher.`
            : `Attending the next ${p.needed_to_recover} session${p.needed_to_recover === 1 ? '' : 's'} in a row brings it back to ${p.required_rate}%.`
        }`,
      };
    case 'absent_streak':
      return {
        title: `Absent ${p.count} sessions in a row`,
        body:
          to === 'guardian'
            ? `${p.student_name} has been absent from the last ${p.count} sessions of their class.`
            : `You have been absent from the last ${p.count} sessions of your class. If something is wrong, tell your teacher or request leave.`,
      };
    case 'leave_decided':
      return {
        title: p.status === 'approved' ? 'Leave approved' : 'Leave declined',
        body: `Your leave for ${range(p.from_date, p.to_date)} was ${p.status}.${p.note ? ` Note: ${p.note}` : ''}`,
      };
    case 'registration_approved':
      return { title: 'Registration approved', body: `Your account ${p.username} is approved: you can sign in and mark your attendance.` };
    case 'roster_invitation':
      return {
        title: 'Your invitation to Roll Call',
        body: `Your school has added you to Roll Call, its attendance system, as ${p.username}. Open ${
          p.link ?? 'the link your teacher gives you'
        } before ${p.expires_at.slice(0, 10)} to set your password and take your photos; the link works once. Ask your teacher for a new one if it has expired.`,
      };
  }
}

/** Issue 39: the bell in the app shell, the notices' words, and the emails that carry them. */
export const noticeMessages = {
  notices: {
    text: noticeText,
    bellLabel: (unread: number) => (unread ? `Notices, ${unread} unread` : 'Notices'),
    title: 'Notices',
    empty: 'Nothing yet. Warnings, leave decisions and approvals appear here.',
    markAllRead: 'Mark all read',
    markRead: 'Mark read',
    unread: 'Unread',
    loadFailed: 'Could not load your notices.',
    emailSubject: (title: string) => `Roll Call: ${title}`,
    emailFooter: 'This message was sent by Roll Call, your school attendance system. Please do not reply to it.',
    absenceWarning: {
      title: 'Absence warnings',
      description:
        'When a session ends, a student absent from this many sessions of their class in a row is warned (in the app, and by email to them and their guardian when email is set up). A student falling below the attendance rule is warned too. 0 turns the absences-in-a-row warning off.',
      label: 'Absences in a row before a warning',
      hint: '0 to 30; 0 turns it off.',
      save: 'Save warning',
      saved: (n: number) => (n ? `Students absent ${n} sessions in a row will be warned.` : 'The absences-in-a-row warning is off.'),
      failed: 'Could not save the setting.',
      loadFailed: 'Could not load the setting.',
    },
    delivery: {
      title: 'Email delivery',
      description:
        'Notices are emailed from a queue: a mail server that does not answer is tried again (after 1, 2, 4, 8 minutes), then the email is marked failed. A refusal (no such mailbox) fails at once.',
      notConfigured: 'Email is not set up (SMTP_URL): notices reach people in the app only.',
      configured: (from: string) => `Email is sent from ${from}.`,
      counts: (queued: number, sent: number, failed: number) => `${queued} waiting, ${sent} sent, ${failed} failed.`,
      failedTitle: 'Emails that could not be sent',
      none: 'No failed emails.',
    },
    guardianEmail: 'Guardian email (optional)',
    guardianSave: 'Save guardian email',
    guardianFailed: 'Could not save the guardian email.',
    guardianHint: 'Warnings about this student are also sent here when email is set up.',
    guardianSaved: 'Guardian email saved.',
  },
} as const;
