import { z } from 'zod';
import '../error-map';

/** GET /api/room_code and teacher.roomCode: the caller's own open session, or a session named by a display (kiosk). */
export const ZRoomCodeInput = z
  .object({
    session_id: z.coerce.number().int().positive().optional(),
  })
  .optional();
export type TRoomCodeInput = z.infer<typeof ZRoomCodeInput>;
