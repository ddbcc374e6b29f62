import { z } from 'zod';
import { ROLES } from '../../shared/constants';
import {
  ZAdminCreateUser,
  ZAdminUpdateUser,
  ZAttendanceDetailsInput,
  ZAttendanceFilter,
  ZContactHandledInput,
  ZContactInboxInput,
  ZDeleteConfirm,
  ZDuplicateFacesPage,
  ZPairInput,
  ZUserId,
  ZUserListInput,
} from '../../shared/schemas/admin';
import { ZCampusNetworksInput } from '../../shared/schemas/attendance/campus-networks';
import {
  createUserByAdmin,
  listUsers,
  updateUserByAdmin,
  listUsersPage,
  listContactMessages,
  setContactMessageHandled,
  deleteUserCascade,
  deletionPreview,
  listDepartments,
} from '../services/accounts/index';
import { campusNetworksFor, setCampusNetworks } from '../services/attendance/index';
import { listDuplicateFaces } from '../services/faces/index';
import { attendanceChartTotals, attendancePairsPage, pairDetail, attendanceSummary } from '../services/reports/index';
import { publicProcedure, roleProcedure, router } from '../trpc';

const admin = roleProcedure('admin');
const ZId = z.object({ id: ZUserId });

/** The admin dashboard: users, deletion, reports. The REST adapters in rest/admin-*.ts call the same services. */
export const adminRouter = router({
  departments: publicProcedure.query(({ ctx }) => listDepartments(ctx)),
  users: admin.input(z.object({ role: z.enum(ROLES).optional() }).optional()).query(({ ctx, input }) => listUsers(ctx, input ?? {})),
  /** Issue 22: the users list searched, filtered and paged by the database. */
  userList: admin.input(ZUserListInput).query(({ ctx, input }) => listUsersPage(ctx, input)),
  createUser: admin.input(ZAdminCreateUser).mutation(({ ctx, input }) => createUserByAdmin(ctx, input)),
  updateUser: admin
    .input(z.object({ id: ZUserId, changes: ZAdminUpdateUser }))
    .mutation(({ ctx, input }) => updateUserByAdmin(ctx, ctx.user, input.id, input.changes)),
  deletionPreview: admin.input(ZId).query(({ ctx, input }) => deletionPreview(ctx, input.id)),
  deleteUser: admin.input(ZId.extend(ZDeleteConfirm.shape)).mutation(({ ctx, input }) => deleteUserCascade(ctx, ctx.user, input.id)),
  summary: admin.input(ZAttendanceFilter.optional()).query(({ ctx, input }) => attendanceSummary(ctx, input ?? {})),
  attendanceDetails: admin.input(ZAttendanceDetailsInput).query(({ ctx, input }) => attendancePairsPage(ctx, input)),
  pairDetail: admin.input(z.intersection(ZAttendanceFilter, ZPairInput)).query(({ ctx, input }) => pairDetail(ctx, input, input)),
  charts: admin.input(ZAttendanceFilter).query(({ ctx, input }) => attendanceChartTotals(ctx, input)),
  duplicateFaces: admin.input(ZDuplicateFacesPage.optional()).query(({ ctx, input }) => listDuplicateFaces(ctx, input ?? ZDuplicateFacesPage.parse({}))),
  campusNetworks: admin.query(({ ctx }) => campusNetworksFor(ctx, ctx.ip)),
  setCampusNetworks: admin.input(ZCampusNetworksInput).mutation(({ ctx, input }) => setCampusNetworks(ctx, ctx.user, input.networks, ctx.ip)),
  contactMessages: admin.input(ZContactInboxInput.optional()).query(({ ctx, input }) => listContactMessages(ctx, input ?? ZContactInboxInput.parse({}))),
  setContactMessageHandled: admin.input(ZContactHandledInput).mutation(({ ctx, input }) => setContactMessageHandled(ctx, ctx.user.id, input.id, input.handled)),
});
