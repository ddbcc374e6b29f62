import { Router } from 'express';
import { sql } from 'kysely';
import { MSG } from '../../shared/messages';
import type { AppDeps } from '../deps';
import { accountRoutes } from './account';
import { adminCampusNetworkRoutes } from './admin-campus-networks';
import { adminDuplicateFaceRoutes } from './admin-duplicate-faces';
import { adminMapTileRoutes } from './admin-map-tiles';
import { adminReportRoutes } from './admin-reports';
import { adminUserRoutes } from './admin-users';
import { attendanceRuleRoutes } from './attendance-rule';
import { authRoutes } from './auth';
import { contactRoutes } from './contact';
import { faceChangeRoutes } from './face-changes';
import { faceImageRoutes } from './face-images';
import { leaveRequestRoutes } from './leave-requests';
import { studentRoutes } from './student';
import { teacherRoutes } from './teacher';

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
  api.use(adminDuplicateFaceRoutes(deps));
  api.use(adminCampusNetworkRoutes(deps));
  api.use(adminMapTileRoutes(deps));
  api.use(accountRoutes(deps));
  api.use(attendanceRuleRoutes(deps));
  api.use((_req, res) => {
    res.status(404).json({ success: false, message: MSG.server.notFound, error: MSG.server.notFound });
  });
  return api;
}
