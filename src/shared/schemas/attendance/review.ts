import { z } from 'zod';
import '../error-map';

/** teacher.decideReview: one tap on a student's review request, marking them present or declining. */
export const ZDecideReviewInput = z.object({
  request_id: z.number().int().positive(),
  decision: z.enum(['mark', 'decline']),
});
export type TDecideReviewInput = z.infer<typeof ZDecideReviewInput>;
