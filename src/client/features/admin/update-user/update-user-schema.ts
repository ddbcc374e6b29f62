import { z } from 'zod';
import { FACE_IMAGES_REQUIRED } from '../../../../shared/constants';
import { MSG } from '../../../../shared/messages';
import { ZProfileUpdateFields } from '../../../../shared/schemas/admin';

/**
 * The /update-user form: the server's fields (PUT /api/update/{id}) with the images it takes beside them, none or
 * exactly three, as services/account-update.ts counts them. The admin's twin leave is a checkbox here, text on the wire.
 */
export const ZUpdateUserForm = ZProfileUpdateFields.pick({ username: true, phone_number: true }).extend({
  images: z.array(z.custom<File>()).refine((files) => files.length === 0 || files.length === FACE_IMAGES_REQUIRED, MSG.admin.imagesNeedThree),
  allow_same_face: z.boolean(),
});
export type TUpdateUserForm = z.output<typeof ZUpdateUserForm>;
