/** Every number of SPEC section 9, plus the server-side limits the issues name. */
export const DEPARTMENTS = ['IMSCIT', 'IMCA', 'BCA', 'BSCIT', 'MBA'] as const;
export type DepartmentName = (typeof DEPARTMENTS)[number];

export const ROLES = ['student', 'teacher', 'admin'] as const;
export type Role = (typeof ROLES)[number];
export const REGISTRABLE_ROLES = ['student', 'teacher'] as const;
/** pending: registered, awaiting approval; inactive: deactivated after being active. */
export const USER_STATUSES = ['pending', 'active', 'inactive'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const STUDENT_ATTENDANCE_PAGE_SIZE = 10;
export const TEACHER_STUDENT_PAGE_SIZE = 10;
export const PAGINATION_COLLAPSE_ABOVE = 5;
export const DEFAULT_RADIUS_M = 50;
export const MIN_RADIUS_M = 10;
export const MAX_RADIUS_M = 500;
export const DEFAULT_SESSION_MINUTES_CLIENT = 2;
export const POLL_INTERVAL_MS = 5_000;
export const SEARCH_DEBOUNCE_MS = 300;
export const SESSION_WARNINGS_S = [30, 10] as const;
/** Issue 36: the longest session, in all (its start's length plus every extension). */
export const MAX_SESSION_MINUTES = 180;
/** Issue 36: what one Extend adds, and the most one call may add. */
export const EXTEND_STEP_MINUTES = 5;
export const MAX_EXTEND_MINUTES = 60;
/** Issue 36: the lengths the start dialog offers (the server's SESSION_MINUTES is added when it is not one of them). */
export const SESSION_LENGTH_CHOICES = [5, 10, 15, 20, 30, 45, 60] as const;
/** Issue 39: the shortest timetable slot (the longest is MAX_SESSION_MINUTES, a session's own limit). */
export const MIN_SLOT_MINUTES = 5;
export const REDIRECT_AFTER_MARKING_MS = 2_000;
export const REDIRECT_AFTER_LOGIN_MS = 1_500;
export const REDIRECT_AFTER_REGISTRATION_MS = 2_000;
export const REQUEST_TIMEOUT_MS = 30_000;
/** Most tRPC calls in one batch: the client's batch link never sends more, the server refuses more with 400. */
export const TRPC_MAX_BATCH = 20;
export const TOAST_MS = { default: 3_000, studentDashboard: 3_000, verification: 2_500, registration: 5_000 } as const;
export const RECENT_ATTENDANCE_SHOWN = 5;
export const PROFILE_IMAGES_MAX = 3;
/** The longest rejection reason a teacher may give: one or two sentences the student reads at login. */
export const REJECT_REASON_MAX = 300;
export const DISPLAY_TIME_ZONE = 'Asia/Kolkata';
export const ADMIN_ATTENDANCE_PAGE_SIZE = 20;
/** Issue 22: users a page of the admin's users list (fits 3 columns of cards). */
export const ADMIN_USERS_PAGE_SIZE = 24;
/** Issue 22: contact messages a page of the admin's inbox. */
export const CONTACT_INBOX_PAGE_SIZE = 10;
export const RECORDING_MS = 3_000;
export const FACE_IMAGES_REQUIRED = 3;
export const CAPTURE_WIDTH = 320;
export const CAPTURE_HEIGHT = 240;
export const CAPTURE_JPEG_QUALITY = 0.7;
export const PASSWORD_MIN = 8;
export const USERNAME_MIN = 3;
export const PHONE_DIGITS = 10;
export const HEADER_SCROLL_THRESHOLD_PX = 50;
export const FILTER_MODES = ['offline', 'online'] as const;

/** Server-side bounds on uploads. */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
/** Largest image accepted (registration and the face engine), read from its header before any pixel is decoded: a small PNG can claim 16000x16000. */
export const MAX_IMAGE_PIXELS = 25_000_000;
export const MAX_VIDEO_BYTES = 5 * 1024 * 1024;
export const MAX_VIDEO_SECONDS = 10;

/** Geofence checks (step and final mark) one student may make in one session; then 429. */
export const GEOFENCE_CHECKS_PER_SESSION = 15;

/** Issue 19: the room code shown on the classroom screen changes every window. */
export const ROOM_CODE_WINDOW_SECONDS = 15;
/** The previous window's code is still accepted this long after it changed (a student still typing it). */
export const ROOM_CODE_GRACE_SECONDS = 10;
/**
 * Issue 35: the final mark must follow a geofence step of the same login that passed at most this long before, from
 * the same device, with the very code that step accepted.
 */
export const MARK_STEP_MAX_AGE_SECONDS = 60;
export const ROOM_CODE_LENGTH = 6;
/** No look-alike characters: no 0/O, 1/I/L (31 symbols). */
export const ROOM_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** Failed or abandoned live face checks a student may make in one session; then the teacher marks them by hand. */
export const FACE_CHALLENGE_FAILS_PER_SESSION = 3;
/** Where the server serves the face page's tracker models and wasm binaries (no CDN: a school may have no internet). */
export const HUMAN_ASSETS_PATH = '/models/human';
/** A challenge id: 128 random bits, base64url. */
export const CHALLENGE_ID_RE = /^[A-Za-z0-9_-]{16,64}$/;
/** Outside answers after which the student is flagged to the teacher. */
export const GEOFENCE_FLAG_OUTSIDE = 3;
/** Issue 19 flags: two marks of one session from one address this close together (seconds). */
export const MARK_FLAG_SAME_ADDRESS_SECONDS = 120;
/** Positions identical to this many decimals (about 0.1 m) are a copied position. */
export const MARK_FLAG_POSITION_DECIMALS = 6;
/** An accuracy identical (to 0.1 m) with at least this many other marks of the session is a copied accuracy. */
export const MARK_FLAG_SAME_ACCURACY_OTHERS = 3;
/**
 * Issue 35: when at least this many own marks of a session share one address (the school's NAT), a mark from any
 * other address is flagged 'different network from the class', and sharing the class's address flags nobody.
 */
export const MARK_FLAG_CLASS_ADDRESS_MIN = 5;
/** The browser's own random device id (kept in localStorage): letters, digits, - and _. */
export const DEVICE_ID_RE = /^[A-Za-z0-9_-]{16,64}$/;
/** Without GEO_MAX_ACCURACY_M, a position may be as imprecise as the radius, and at least this (metres). */
export const MIN_ACCURACY_LIMIT_M = 100;

/** Local-storage keys of SPEC section 4. */
export const STORAGE_KEYS = {
  deviceId: 'rollcall.deviceId',
  token: 'token',
  sessionExpired: 'sessionExpired',
  attendanceStarted: 'attendanceStarted',
  userLocation: 'userLocation',
  activeRadius: 'activeRadius',
  customRadius: 'customRadius',
  sessionEndTime: 'sessionEndTime',
  /** Issue 19: the teacher's Require room code switch, remembered like the radius. */
  requireRoomCode: 'requireRoomCode',
  /** Issue 19: the room code accepted at the geofence step, kept (sessionStorage) for the final mark. */
  pendingRoomCode: 'pendingRoomCode',
} as const;

/** Where each role lands after login or when a token is already stored. */
export const HOME_BY_ROLE: Record<string, string> = {
  student: '/student-dashboard',
  teacher: '/teacher-dashboard',
  admin: '/admin-dashboard',
};

/** Issue 19: most campus networks an administrator may store (a school lists a handful; the form stays usable). */
export const CAMPUS_NETWORKS_MAX = 50;

/** Issue 39: notices the bell lists (the newest); older ones stay in the database. */
export const NOTICES_LISTED = 30;
/** Issue 39: an email is tried this many times (backoff between), then marked failed for the administrator. */
export const NOTICE_EMAIL_MAX_ATTEMPTS = 5;
/** Issue 39: the most absences in a row an administrator may set before a warning (0: off). */
export const ABSENCE_STREAK_MAX = 30;
/** Issue 39: a roster CSV's bounds (a school's largest department fits many times over; the preview stays readable). */
export const ROSTER_MAX_BYTES = 256 * 1024;
export const ROSTER_MAX_ROWS = 1000;
/** Issue 39: a roster CSV's header, in this order. */
export const ROSTER_COLUMNS = ['name', 'email', 'roll_number', 'department'] as const;
/** Issue 39: a roll number's longest form (letters, digits, '-' and '/'). */
export const ROLL_NUMBER_MAX = 20;
/** Issue 39: how long an invitation link opens registration. */
export const INVITATION_TTL_DAYS = 7;
/** Issue 39: how long after a review request closed the student's page still shows its outcome. */
export const REVIEW_OUTCOME_SHOWN_HOURS = 12;
/** Issue 39: the most location attempts of one student the teacher's review card lists (newest first). */
export const REVIEW_ATTEMPTS_SHOWN = 8;
