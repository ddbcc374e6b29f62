import { Router } from 'express';
import { sql } from 'kysely';
import { MSG } from '../../shared/messages';
import type { AppDeps } from '../deps';
import { accountRoutes } from './accounts/account';
import { adminCampusNetworkRoutes } from './attendance/settings/admin-campus-networks';
import { faceCollisionRoutes } from './faces/face-collisions';
import { adminMapTileRoutes } from './attendance/settings/admin-map-tiles';
import { adminNotFromBrowserFlagRoutes } from './attendance/settings/admin-not-from-browser-flag';
import { adminReportRoutes } from './reports/admin-reports';
import { adminUserRoutes } from './accounts/admin-users';
import { attendanceRuleRoutes } from './reports/attendance-rule';
import { authRoutes } from './accounts/auth/auth';
import { contactRoutes } from './accounts/contact';
import { faceChangeRoutes } from './faces/face-changes';
import { faceImageRoutes } from './faces/face-images';
import { leaveRequestRoutes } from './attendance/leave-requests';
import { studentRoutes } from './attendance/student';
import { teacherRoutes } from './attendance/teacher';

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
  api.use(authRoutes(deps));
  api.use(teacherRoutes(deps));
  api.use(studentRoutes(deps));
  api.use(faceImageRoutes(deps));
  api.use(faceChangeRoutes(deps));
  api.use(leaveRequestRoutes(deps));
  api.use(contactRoutes(deps));
  api.use(adminUserRoutes(deps));
  api.use(adminReportRoutes(deps));
  api.use(faceCollisionRoutes(deps));
  api.use(adminCampusNetworkRoutes(deps));
  api.use(adminMapTileRoutes(deps));
  api.use(adminNotFromBrowserFlagRoutes(deps));
  api.use(accountRoutes(deps));
  api.use(attendanceRuleRoutes(deps));
  api.use((_req, res) => {
    res.status(404).json({ success: false, message: MSG.server.notFound, error: MSG.server.notFound });
  });
  return api;
}
