import { Router } from 'express';
import { sql } from 'kysely';
import { MSG } from '@shared/messages';
import type { AppDeps } from '../deps';
import { accountRoutes } from './accounts/account';
import { adminUserRoutes } from './accounts/admin-users';
import { authRoutes } from './accounts/auth/auth';
import { contactRoutes } from './accounts/contact';
import { rosterRoutes } from './accounts/roster';
import { studentAccountRoutes } from './accounts/student';
import { teacherAccountRoutes } from './accounts/teacher';
import { leaveRequestRoutes } from './attendance/leave-requests';
import { adminCampusNetworkRoutes } from './attendance/settings/admin-campus-networks';
import { adminMapTileRoutes } from './attendance/settings/admin-map-tiles';
import { adminNotFromBrowserFlagRoutes } from './attendance/settings/admin-not-from-browser-flag';
import { studentAttendanceRoutes } from './attendance/student';
import { teacherAttendanceRoutes } from './attendance/teacher';
import { faceChangeRoutes } from './faces/face-changes';
import { faceCollisionRoutes } from './faces/face-collisions';
import { faceImageRoutes } from './faces/face-images';
import { studentFaceRoutes } from './faces/student';
import { adminReportRoutes } from './reports/admin-reports';
import { attendanceRuleRoutes } from './reports/attendance-rule';
import { studentReportRoutes } from './reports/student';
import { noticeRoutes } from './notices/notices';

/** Every documented /api path; anything else under /api is a JSON 404, never the SPA. */
export function restApi(deps: AppDeps): Router {
  const api = Router();
  api.get('/health', async (_req, res) => {
    try {
      await sql`select 1`.execute(deps.db);
      res.json({ ok: true });
    } catch {
      res.status(503).json({ ok: false });
    }
  });
  // accounts
  api.use(authRoutes(deps));
  api.use(accountRoutes(deps));
  api.use(studentAccountRoutes(deps));
  api.use(teacherAccountRoutes(deps));
  api.use(adminUserRoutes(deps));
  api.use(contactRoutes(deps));
  api.use(rosterRoutes(deps));
  // attendance
  api.use(studentAttendanceRoutes(deps));
  api.use(teacherAttendanceRoutes(deps));
  api.use(leaveRequestRoutes(deps));
  api.use(adminCampusNetworkRoutes(deps));
  api.use(adminMapTileRoutes(deps));
  api.use(adminNotFromBrowserFlagRoutes(deps));
  // faces
  api.use(studentFaceRoutes(deps));
  api.use(faceImageRoutes(deps));
  api.use(faceChangeRoutes(deps));
  api.use(faceCollisionRoutes(deps));
  // reports
  api.use(studentReportRoutes(deps));
  api.use(adminReportRoutes(deps));
  api.use(attendanceRuleRoutes(deps));
  // notices
  api.use(noticeRoutes(deps));
  api.use((_req, res) => {
    res.status(404).json({ success: false, message: MSG.server.notFound, error: MSG.server.notFound });
  });
  return api;
}
