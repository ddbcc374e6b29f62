/** Every user-facing text of SPEC section 8 (and the validation texts of section 5), defined once; one file per area. */
import { formsMessages } from './forms';
import { registerMessages } from './register';
import { authMessages } from './auth';
import { studentMessages } from './student';
import { teacherMessages } from './teacher';
import { adminMessages } from './admin';
import { verificationMessages } from './verification';
import { attendanceMessages } from './attendance';
import { siteMessages } from './site';
import { faceTrustMessages } from './face-trust';
import { faceChallengeMessages } from './face-challenge';
import { markFlagMessages } from './mark-flags';
import { campusNetworkMessages } from './campus-networks';
import { classToolMessages } from './class-tools';
import { adminListMessages } from './admin-lists';
import { appShellMessages } from './app-shell';
import { leaveMessages } from './leave';
import { studentScreenMessages } from './student-screens';
import { attendanceRuleMessages } from './attendance-rule';

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
  ...classToolMessages,
  ...adminListMessages,
  ...appShellMessages,
  ...leaveMessages,
  ...studentScreenMessages,
  ...attendanceRuleMessages,
} as const;
