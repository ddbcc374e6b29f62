import { ZDuplicateFacesPage } from '@shared/schemas/admin';
import { listDuplicateFaces } from '@server/services/faces/index';
import { router } from '@server/trpc';
import { adminProcedure } from '../tiers';

/** Every face collision, for admins; REST twin in rest/faces/face-collisions.ts. */
export const adminFaceRouter = router({
  duplicateFaces: adminProcedure
    .input(ZDuplicateFacesPage.optional())
    .query(({ ctx, input }) => listDuplicateFaces(ctx, input ?? ZDuplicateFacesPage.parse({}))),
});
