import { ZDecideFaceChangeInput, ZFaceChangeHistoryInput } from '@shared/schemas/faces/face-changes';
import { decideFaceChange, faceChangeHistory, listPendingFaceChanges } from '@server/services/faces/index';
import { router } from '@server/trpc';
import { staffProcedure } from '../tiers';

/** Students' new photos waiting for their teacher, the decision, and a student's history of changes; REST twins in rest/faces/face-changes.ts. */
export const teacherFaceRouter = router({
  pendingFaceChanges: staffProcedure.query(({ ctx }) => listPendingFaceChanges(ctx, ctx.user)),
  decideFaceChange: staffProcedure.input(ZDecideFaceChangeInput).mutation(({ ctx, input }) => decideFaceChange(ctx, ctx.user, input)),
  faceChangeHistory: staffProcedure.input(ZFaceChangeHistoryInput).query(({ ctx, input }) => faceChangeHistory(ctx, ctx.user, input.student_id)),
});
