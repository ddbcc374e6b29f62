import { z } from 'zod';
import { ROLES } from '@shared/constants';
import { ZAdminCreateUser, ZAdminUpdateUser, ZContactHandledInput, ZContactInboxInput, ZDeleteConfirm, ZUserId, ZUserListInput } from '@shared/schemas/admin';
import {
  createUserByAdmin,
  deleteUserCascade,
  deletionPreview,
  listContactMessages,
  listDepartments,
  listUsers,
  listUsersPage,
  setContactMessageHandled,
  updateUserByAdmin,
} from '@server/services/accounts/index';
import { publicProcedure, router } from '@server/trpc';
import { adminProcedure } from '../tiers';

const ZId = z.object({ id: ZUserId });

/** The admin dashboard's users, their deletion and the contact inbox; REST twins in rest/accounts/admin-users.ts and contact.ts. */
export const adminAccountRouter = router({
  departments: publicProcedure.query(({ ctx }) => listDepartments(ctx)),
  users: adminProcedure.input(z.object({ role: z.enum(ROLES).optional() }).optional()).query(({ ctx, input }) => listUsers(ctx, input ?? {})),
  /** Issue 22: the users list searched, filtered and paged by the database. */
  userList: adminProcedure.input(ZUserListInput).query(({ ctx, input }) => listUsersPage(ctx, input)),
  createUser: adminProcedure.input(ZAdminCreateUser).mutation(({ ctx, input }) => createUserByAdmin(ctx, input)),
  updateUser: adminProcedure
    .input(z.object({ id: ZUserId, changes: ZAdminUpdateUser }))
    .mutation(({ ctx, input }) => updateUserByAdmin(ctx, ctx.user, input.id, input.changes)),
  deletionPreview: adminProcedure.input(ZId).query(({ ctx, input }) => deletionPreview(ctx, input.id)),
  deleteUser: adminProcedure.input(ZId.extend(ZDeleteConfirm.shape)).mutation(({ ctx, input }) => deleteUserCascade(ctx, ctx.user, input.id)),
  contactMessages: adminProcedure
    .input(ZContactInboxInput.optional())
    .query(({ ctx, input }) => listContactMessages(ctx, input ?? ZContactInboxInput.parse({}))),
  setContactMessageHandled: adminProcedure
    .input(ZContactHandledInput)
    .mutation(({ ctx, input }) => setContactMessageHandled(ctx, ctx.user.id, input.id, input.handled)),
});
