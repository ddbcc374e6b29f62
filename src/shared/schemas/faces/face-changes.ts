import { z } from 'zod';
import '../error-map';

/** A positive id: a JSON number, or its decimal digits (a path or query parameter); never true, null or []. */
const ZPositiveId = z.union([
  z.number().int().positive(),
  z
    .string()
    .regex(/^[1-9]\d{0,15}$/)
    .transform(Number),
]);

/** A teacher's or admin's decision on a pending face change; the note goes into the history. */
export const ZDecideFaceChangeInput = z.object({
  change_id: ZPositiveId,
  decision: z.enum(['approve', 'decline']),
  note: z.string().trim().max(500).optional(),
  /** Issue 36: approving photos that do not match the enrolled student needs this, stated by the decider. */
  confirm_mismatch: z.boolean().optional(),
});
export type TDecideFaceChangeInput = z.infer<typeof ZDecideFaceChangeInput>;

export const ZFaceChangeHistoryInput = z.object({ student_id: ZPositiveId });

/** Issue 34: the decision on a face collision (a registration or face change whose photos look like another account's). */
export const FACE_COLLISION_DECISIONS = ['twins', 'lookalikes', 'same_person'] as const;
export const ZDecideFaceCollisionInput = z.object({
  collision_id: ZPositiveId,
  decision: z.enum(FACE_COLLISION_DECISIONS),
});
export type TDecideFaceCollisionInput = z.infer<typeof ZDecideFaceCollisionInput>;
