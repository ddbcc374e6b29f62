/**
 * Every user-facing text of SPEC section 8 (and the validation texts of section 5), defined once; one file per area,
 * grouped by who reads it: shell/ (every visitor: the site, sign-in, registration, forms), student/, teacher/, admin/,
 * and marking/ (the marks, leave and the attendance rule, read by every role). first-load.ts picks the shell's texts
 * for the first page's chunk. Importers take MSG from here.
 */
import { formsMessages } from './shell/forms';
import { registerMessages } from './shell/register';
import { authMessages } from './shell/auth';
import { studentMessages } from './student/student';
import { teacherMessages } from './teacher/teacher';
import { adminMessages } from './admin/admin';
import { verificationMessages } from './student/verification';
import { attendanceMessages } from './marking/attendance';
import { siteMessages } from './shell/site';
import { faceTrustMessages } from './marking/face-trust';
import { faceChallengeMessages } from './student/face-challenge';
import { markFlagMessages } from './marking/mark-flags';
import { campusNetworkMessages } from './admin/campus-networks';
import { notFromBrowserFlagMessages } from './admin/not-from-browser-flag';
import { classToolMessages } from './teacher/class-tools';
import { adminListMessages } from './admin/admin-lists';
import { appShellMessages } from './shell/app-shell';
import { leaveMessages } from './marking/leave';
import { studentScreenMessages } from './student-screens';
import { attendanceRuleMessages } from './marking/attendance-rule';
import { sessionTimeMessages } from './teacher/session-time';
import { faceChangeVerdictMessages } from './teacher/face-change-verdict';
import { approvalsSummaryMessages } from './teacher/approvals-summary';
import { noticeMessages } from './shell/notices';
import { rosterMessages } from './teacher/roster';
import { timetableMessages } from './teacher/timetable';
import { reviewMessages } from './marking/review';

export const MSG = {
  ...formsMessages,
  ...registerMessages,
  ...authMessages,
  ...studentMessages,
  ...teacherMessages,
  ...adminMessages,
  ...verificationMessages,
  ...attendanceMessages,
  ...siteMessages,
  ...faceTrustMessages,
  ...faceChallengeMessages,
  ...markFlagMessages,
  ...campusNetworkMessages,
  ...notFromBrowserFlagMessages,
  ...classToolMessages,
  ...adminListMessages,
  ...appShellMessages,
  ...leaveMessages,
  ...studentScreenMessages,
  ...attendanceRuleMessages,
  ...sessionTimeMessages,
  ...faceChangeVerdictMessages,
  ...approvalsSummaryMessages,
  ...noticeMessages,
  ...rosterMessages,
  ...timetableMessages,
  ...reviewMessages,
} as const;
