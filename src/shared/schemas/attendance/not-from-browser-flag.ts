import { z } from 'zod';
import '../error-map';

/** PUT /api/admin/not_from_browser_flag and settings.setNotFromBrowserFlag: whether such marks are flagged. */
export const ZNotFromBrowserFlagInput = z.object({ enabled: z.boolean() });
export type TNotFromBrowserFlagInput = z.input<typeof ZNotFromBrowserFlagInput>;
