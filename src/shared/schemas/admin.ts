import { z } from 'zod';
import './error-map';
import {
  ADMIN_ATTENDANCE_PAGE_SIZE,
  ADMIN_USERS_PAGE_SIZE,
  CONTACT_INBOX_PAGE_SIZE,
  FILTER_MODES,
  REGISTRABLE_ROLES,
  ROLES,
  USER_STATUSES,
} from '../constants';
import { MSG } from '../messages';
import { ZEmail, ZPassword, ZPhone, ZUsername } from './accounts/auth';

/** A positive id from a query string or JSON; '' and absent mean "no filter". */
const ZOptionalId = z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number().int().positive().optional());
const ZDay = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, MSG.admin.badDate)
    .optional(),
);
export const ZUserId = z.coerce.number().int().positive();

const QUERY_BOOLEANS: Record<string, boolean | undefined> = { true: true, '1': true, false: false, '0': false, '': undefined };
const ZQueryBoolean = z.preprocess(
  (v) => (typeof v === 'string' && v in QUERY_BOOLEANS ? QUERY_BOOLEANS[v] : v === null ? undefined : v),
  z.boolean().optional(),
);

/** A department by id or by name (SPEC 7: the admin modal sends either). */
export const ZDepartmentRef = z.union([z.number().int().positive(), z.string().trim().min(1).max(40)], { error: MSG.validation.department });

/** The admin filter row: applied by the server to every report (pairs, charts, CSV). Days are Asia/Kolkata days. */
export const ZAttendanceFilter = z
  .object({
    teacher: ZOptionalId,
    student: ZOptionalId,
    department_id: ZOptionalId,
    start_date: ZDay,
    end_date: ZDay,
    mode: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(FILTER_MODES).optional()),
    /** Only flagged present marks (issue 19); from a query string 'true' or '1' (and 'false', '0' or '' for off). */
    flagged: ZQueryBoolean,
  })
  .refine((f) => !f.start_date || !f.end_date || f.start_date <= f.end_date, { message: MSG.admin.filters.endBeforeStart, path: ['end_date'] });
export type TAttendanceFilter = z.infer<typeof ZAttendanceFilter>;

/** The summary's orders: by when the pair was last marked (SPEC 4's asc, or newest first), or by attendance rate. */
export const PAIR_SORTS = ['desc', 'asc', 'rate_asc', 'rate_desc'] as const;

export const ZAttendanceDetailsInput = z.intersection(
  ZAttendanceFilter,
  z.object({
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    limit: z.coerce.number().int().min(1).max(100).default(ADMIN_ATTENDANCE_PAGE_SIZE),
    /**
     * asc: oldest first; otherwise the most recently marked pairs first. Issue 36: rate_asc / rate_desc by the pair's
     * attendance rate (lowest or highest first; pairs without a counted session last), ties most recent first.
     */
    sort: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(PAIR_SORTS).default('desc')),
    /** Issue 36: only pairs whose student's name or email contains this text (any case). */
    q: z.preprocess((v) => ((typeof v === 'string' && v.trim() === '') || v === null ? undefined : v), z.string().trim().max(100).optional()),
  }),
);
export type TPairSort = (typeof PAIR_SORTS)[number];
export type TAttendanceDetailsInput = z.infer<typeof ZAttendanceDetailsInput>;

export const ZPairInput = z.object({ teacher: ZUserId, student: ZUserId });

const ZStatus = z.enum(['active', 'inactive']);

/** POST /api/admin/users: every field (SPEC 5, admin modal); roles are only student and teacher. */
export const ZAdminCreateUser = z.object({
  username: ZUsername,
  email: ZEmail,
  phone_number: ZPhone.optional().default(''),
  role: z.enum(REGISTRABLE_ROLES, { error: MSG.validation.role }),
  status: ZStatus.default('active'),
  department: ZDepartmentRef,
  password: ZPassword,
});
export type TAdminCreateUser = z.infer<typeof ZAdminCreateUser>;

/** PUT /api/admin/users/{id}: only the changed fields; a blank password means "keep". */
export const ZAdminUpdateUser = z.object({
  username: ZUsername.optional(),
  email: ZEmail.optional(),
  phone_number: ZPhone.optional(),
  role: z.enum(REGISTRABLE_ROLES, { error: MSG.validation.role }).optional(),
  status: ZStatus.optional(),
  department: ZDepartmentRef.optional(),
  password: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), ZPassword.optional()),
});
export type TAdminUpdateUser = z.infer<typeof ZAdminUpdateUser>;

export const ZDeleteConfirm = z.object({
  confirm: z.literal(true, { error: MSG.admin.confirmRequired }),
  cascade_delete: z.literal(true, { error: MSG.admin.confirmRequired }),
});

/** The text fields of PUT /api/update/{id} (images travel beside them). */
export const ZProfileUpdateFields = z.object({
  username: ZUsername.optional(),
  phone_number: ZPhone.optional(),
  /** An admin's leave to enroll a face that matches another account (twins); multipart sends it as text. */
  allow_same_face: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});

/** A page of the face collisions (newest first). */
export const ZDuplicateFacesPage = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type TDuplicateFacesPage = z.infer<typeof ZDuplicateFacesPage>;

const ZOptionalEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(values).optional());

/** The admin users list (issue 22): a name or email search, department, role and status filters, a page at a time. */
export const ZUserListInput = z.object({
  q: z.preprocess((v) => (v === null ? undefined : v), z.string().trim().max(100, MSG.userList.searchTooLong).optional()),
  role: ZOptionalEnum(ROLES),
  status: ZOptionalEnum(USER_STATUSES),
  department_id: ZOptionalId,
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(ADMIN_USERS_PAGE_SIZE),
});
export type TUserListInput = z.infer<typeof ZUserListInput>;

export const CONTACT_INBOX_VIEWS = ['open', 'handled', 'all'] as const;

/** The contact-message inbox: open ones first by default, newest first, a page at a time. */
export const ZContactInboxInput = z.object({
  view: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(CONTACT_INBOX_VIEWS).default('open')),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(CONTACT_INBOX_PAGE_SIZE),
});
export type TContactInboxInput = z.infer<typeof ZContactInboxInput>;

/** Marks a contact message handled (or open again, when handled was a mistake). */
export const ZContactHandledInput = z.object({ id: ZUserId, handled: z.boolean() });
