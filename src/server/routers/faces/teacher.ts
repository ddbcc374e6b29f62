import { ZDecideFaceChangeInput, ZFaceChangeHistoryInput } from '@shared/schemas/faces/face-changes';
import { decideFaceChange, faceChangeHistory, listPendingFaceChanges } from '@server/services/faces/index';
import { roleProcedure, router } from '@server/trpc';

const teacher = roleProcedure('teacher', 'admin');

/** Students' new photos waiting for their teacher, the decision, and a student's history of changes; REST twins in rest/faces/face-changes.ts. */
export const teacherFaceRouter = router({
  pendingFaceChanges: teacher.query(({ ctx }) => listPendingFaceChanges(ctx, ctx.user)),
  decideFaceChange: teacher.input(ZDecideFaceChangeInput).mutation(({ ctx, input }) => decideFaceChange(ctx, ctx.user, input)),
  faceChangeHistory: teacher.input(ZFaceChangeHistoryInput).query(({ ctx, input }) => faceChangeHistory(ctx, ctx.user, input.student_id)),
});
