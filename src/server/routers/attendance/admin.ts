import { ZCampusNetworksInput } from '@shared/schemas/attendance/campus-networks';
import { campusNetworksFor, setCampusNetworks } from '@server/services/attendance/index';
import { router } from '@server/trpc';
import { adminProcedure } from '../tiers';

/** The campus networks card (issue 19); REST twin in rest/attendance/settings/admin-campus-networks.ts. */
export const adminAttendanceRouter = router({
  campusNetworks: adminProcedure.query(({ ctx }) => campusNetworksFor(ctx, ctx.ip)),
  setCampusNetworks: adminProcedure.input(ZCampusNetworksInput).mutation(({ ctx, input }) => setCampusNetworks(ctx, ctx.user, input.networks, ctx.ip)),
});
