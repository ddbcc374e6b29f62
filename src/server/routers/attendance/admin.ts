import { ZCampusNetworksInput } from '@shared/schemas/attendance/campus-networks';
import { campusNetworksFor, setCampusNetworks } from '@server/services/attendance/index';
import { roleProcedure, router } from '@server/trpc';

const admin = roleProcedure('admin');

/** The campus networks card (issue 19); REST twin in rest/attendance/settings/admin-campus-networks.ts. */
export const adminAttendanceRouter = router({
  campusNetworks: admin.query(({ ctx }) => campusNetworksFor(ctx, ctx.ip)),
  setCampusNetworks: admin.input(ZCampusNetworksInput).mutation(({ ctx, input }) => setCampusNetworks(ctx, ctx.user, input.networks, ctx.ip)),
});
