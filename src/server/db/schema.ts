import type { ColumnType, Generated, Selectable, Updateable } from 'kysely';
import type { Role, UserStatus } from '@shared/constants';
import type { AttendanceStatus } from '@shared/attendance/attendance-status';

/** Table interfaces mirroring migrations/; timestamps are ISO-8601 UTC strings. */
export interface DepartmentsTable {
  id: Generated<number>;
  name: string;
}

export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string;
  phone_number: string | null;
  password_hash: string;
  role: Role;
  status: ColumnType<UserStatus, UserStatus | undefined, UserStatus>;
  department_id: number | null;
  last_login: string | null;
  created_at: string;
  /** When a pending account was approved (issue 24: the rule counts from it); null for one created active or still pending. */
  activated_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** Bumped to revoke every token of the user: logout, password change, deactivation. */
  token_version: ColumnType<number, number | undefined, number>;
  /** Issue 39: the school's roll number, unique within the department; null when none was given. */
  roll_number: ColumnType<string | null, string | null | undefined, string | null>;
  /** Issue 39: an address a student's warnings are copied to; null for none. */
  guardian_email: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface FaceEnrollmentsTable {
  id: Generated<number>;
  user_id: number;
  image_path: string;
  captured_at: string;
  embedding: Buffer | null;
}

export interface FaceTemplatesTable {
  user_id: number;
  mean_embedding: Buffer;
  model: string;
  updated_at: string;
}

export interface GeofenceSessionsTable {
  id: Generated<number>;
  teacher_id: number;
  department_id: number;
  latitude: number;
  longitude: number;
  radius_m: number;
  started_at: string;
  ends_at: string;
  ended_at: string | null;
  end_reason: 'manual' | 'expired' | null;
  /** Random secret of a session that requires the room code (never sent to students); null: no code required. */
  room_code_secret: ColumnType<string | null, string | null | undefined, string | null>;
  /** Issue 24: an own mark this many minutes after the start or later is 'late'; null on sessions from before it. */
  late_after_minutes: ColumnType<number | null, number | null | undefined, number | null>;
  /** Issue 39: when the warnings were checked after the session ended (services/reports/warnings/); null: not yet. */
  warnings_checked_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** Issue 39: the timetable slot it was opened for and that occurrence's Kolkata day; null for a session started by hand. */
  slot_id: ColumnType<number | null, number | null | undefined, number | null>;
  slot_day: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Issue 39: a department's saved place for its classes (the session's centre and radius). */
export interface RoomsTable {
  id: Generated<number>;
  department_id: number;
  name: string;
  latitude: number;
  longitude: number;
  radius_m: number;
  created_at: string;
}

/** Issue 39: a weekly class of a department: Kolkata weekday (1 Monday to 7 Sunday), start 'HH:MM', length, room, teacher. */
export interface TimetableSlotsTable {
  id: Generated<number>;
  department_id: number;
  room_id: number;
  teacher_id: number;
  weekday: number;
  start_time: string;
  length_minutes: number;
  /** 1: the session opened from it asks for the room code. */
  room_code: ColumnType<number, number | undefined, number>;
  created_at: string;
}

export type Verdict = 'accepted' | 'rejected' | 'error';

export interface FaceVerificationsTable {
  id: Generated<number>;
  user_id: number;
  created_at: string;
  blink_count: ColumnType<number, number | undefined, number>;
  similarity: number | null;
  verdict: Verdict;
  reason: string;
  duration_ms: number | null;
  used_at: string | null;
  /** The login (token id) that uploaded the video: only that login may spend the proof. */
  token_id: string | null;
  /** The challenge the video was judged against (issue 20); null when the challenge is off. */
  challenge_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Where the check came from (issue 35): the final mark flags steps from different networks. */
  ip: ColumnType<string | null, string | null | undefined, string | null>;
  /** The device the server's cookie named (issue 35): the final mark must come from the same one. */
  device_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface AttendanceRecordsTable {
  id: Generated<number>;
  session_id: number;
  student_id: number;
  status: AttendanceStatus;
  marked_at: string;
  latitude: number | null;
  longitude: number | null;
  radius_m: number | null;
  geofencing_status: 'valid' | 'invalid' | null;
  face_recognition_status: string | null;
  face_verification_id: number | null;
  manual_override: ColumnType<number, number | undefined, number>;
  marked_by: number | null;
  updated_at: string;
  ip: string | null;
  user_agent: string | null;
  accuracy_m: number | null;
  /** The browser's own random id (localStorage); null on manual and automatic marks. */
  device_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** One bit per MarkFlagCode (services/attendance/mark-flags/flag-bits.ts); 0 on a clean, manual or automatic mark. */
  mark_flags: ColumnType<number, number | undefined, number>;
  /** JSON of the flags' details (the other students' ids, counts) the texts are made of; null without flags. */
  mark_flag_refs: ColumnType<string | null, string | null | undefined, string | null>;
  /** Issue 39: 1 on a mark the teacher made from the student's review request ('reviewed by the teacher'). */
  reviewed: ColumnType<number, number | undefined, number>;
}

export interface AttendanceAttemptsTable {
  id: Generated<number>;
  student_id: number;
  session_id: number | null;
  created_at: string;
  latitude: number | null;
  longitude: number | null;
  distance_m: number | null;
  outcome: string;
  ip: string | null;
  user_agent: string | null;
  accuracy_m: number | null;
  device_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1: CAMPUS_NETWORKS was set and the attempt came from outside it; 0: from inside; null: none was set. */
  off_campus: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface LoginFailuresTable {
  email: string;
  ip: string;
  failures: number;
  last_failed_at: string;
  blocked_until: string | null;
}

export interface GeofenceChecksTable {
  session_id: number;
  student_id: number;
  checks: number;
  outside: number;
}

/**
 * Issue 35: a login's last geofence step that passed in a session (inside, code accepted), one row per login: the
 * final mark must follow it within MARK_STEP_MAX_AGE_SECONDS, from its device, with its code.
 */
export interface PassedGeofenceStepsTable {
  session_id: number;
  student_id: number;
  token_id: string;
  at: string;
  /** The room code window whose code the step accepted (room-code.ts); null when the session asks for no code. */
  code_window: number | null;
  ip: string | null;
  /** The attested device (attestedDevice, auth/authenticate.ts) of the step; null without the server's device cookie. */
  device_id: string | null;
}

export interface ContactMessagesTable {
  id: Generated<number>;
  name: string;
  email: string;
  message: string;
  created_at: string;
  /** Set when an administrator marks the message handled; null while it is open. */
  handled_at: ColumnType<string | null, string | null | undefined, string | null>;
  handled_by: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface RateLimitsTable {
  key: string;
  points: number;
  window_ends_at: string;
}

export type FaceChangeStatus = 'pending' | 'approved' | 'declined' | 'applied' | 'withdrawn';

/** A change of a user's enrolled photos: a student's request (pending until decided) or an admin's (applied at once). */
export interface FaceChangesTable {
  id: Generated<number>;
  user_id: number;
  status: FaceChangeStatus;
  requested_by: number | null;
  requested_at: string;
  decided_by: number | null;
  decided_at: string | null;
  /** Euclidean distance between the new photos' mean and the enrolled template's; null without an enrolled one. */
  distance: number | null;
  mean_embedding: Buffer | null;
  model: string;
  note: string | null;
}

export interface FaceChangeImagesTable {
  id: Generated<number>;
  change_id: number;
  image_path: string;
  embedding: Buffer;
}

/** A registration refused because its face matched another account's, and an admin's leave to let one through. */
export interface DuplicateFacesTable {
  id: Generated<number>;
  email: string;
  username: string | null;
  matched_user_id: number | null;
  distance: number;
  created_at: string;
  ip: string | null;
  allowed_by: number | null;
  allowed_at: string | null;
  used_by_user_id: number | null;
  used_at: string | null;
  /** 'refused': a registration refused before collisions waited for a teacher (issue 34) */
  kind: ColumnType<'refused' | 'registration' | 'face_change', 'registration' | 'face_change', never>;
  /** the account that waits for the decision */
  user_id: number | null;
  face_change_id: number | null;
  decision: 'twins' | 'lookalikes' | 'same_person' | null;
  decided_by: number | null;
  decided_at: string | null;
}

export interface FaceChecksInFlightTable {
  user_id: number;
  started_at: string;
  expires_at: string;
}

/** An administrator's setting (services/attendance/settings/app-settings.ts): one row per key, the value as JSON text. */
export interface AppSettingsTable {
  key: string;
  value: string;
  updated_at: string;
  updated_by: number | null;
}

/** Issue 20: a face check's random challenge; steps is a JSON array of ChallengeStep. */
export interface FaceChallengesTable {
  id: string;
  user_id: number;
  token_id: string | null;
  session_id: number | null;
  steps: string;
  issued_at: string;
  expires_at: string;
  arrived_at: string | null;
  used_at: string | null;
  outcome: string | null;
}

/** A pending student a teacher rejected (issue 22): the account is inactive, and this says why, at login. */
export interface StudentRejectionsTable {
  user_id: number;
  reason: string | null;
  rejected_by: number | null;
  rejected_at: string;
}

export type LeaveRequestStatus = 'pending' | 'approved' | 'declined' | 'withdrawn';

/** Issue 24: a student's leave over Kolkata calendar days from_date..to_date (inclusive), decided by their teacher. */
export interface LeaveRequestsTable {
  id: Generated<number>;
  student_id: number;
  from_date: string;
  to_date: string;
  reason: string;
  /** The document image under the uploads folder; null without one. */
  document_path: string | null;
  status: ColumnType<LeaveRequestStatus, LeaveRequestStatus | undefined, LeaveRequestStatus>;
  requested_at: string;
  decided_by: number | null;
  decided_at: string | null;
  note: string | null;
}

/** Issue 39: the one-time link an imported student opens to set a password and take their photos; one per student. */
export interface RosterInvitationsTable {
  user_id: number;
  /** SHA-256 of the link's token (hex); a new link replaces it, voiding the old one. */
  token_hash: string;
  created_by: number | null;
  created_at: string;
  expires_at: string;
  /** When the student completed registration through it; null while it waits. */
  used_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Issue 39: what a user is told in the app (the bell); params is the kind's facts as JSON (NoticeParams). */
export interface NoticesTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  params: string;
  created_at: string;
  read_at: string | null;
}

export type NoticeEmailStatus = 'queued' | 'sending' | 'sent' | 'failed';

/** Issue 39: the email queue, one row a recipient; claimed by one node until lease_until (services/notices/mail-sender.ts). */
export interface NoticeEmailsTable {
  id: Generated<number>;
  notice_id: number;
  recipient: 'user' | 'guardian';
  to_address: string;
  status: ColumnType<NoticeEmailStatus, NoticeEmailStatus | undefined, NoticeEmailStatus>;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: string;
  lease_until: string | null;
  claim: string | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

/** Issue 39: a warning sent whose condition still holds; deleted when it ends, so a warning goes out once a crossing. */
export interface NoticeWarningStatesTable {
  student_id: number;
  kind: 'below_rule' | 'absent_streak';
  since: string;
}

export type ReviewRequestStatus = 'open' | 'marked' | 'declined' | 'expired' | 'resolved';

/**
 * Issue 39: a refused student's 'I am in class: ask my teacher', one per student per session, open until the
 * session's teacher decides, the student is marked another way (resolved), or the session ends.
 */
export interface ReviewRequestsTable {
  id: Generated<number>;
  session_id: number;
  student_id: number;
  status: ColumnType<ReviewRequestStatus, ReviewRequestStatus | undefined, ReviewRequestStatus>;
  requested_at: string;
  decided_by: ColumnType<number | null, number | null | undefined, number | null>;
  decided_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Issue 39: a refused face check's best frame, kept for the teacher's review while a request may come or is open. */
export interface ReviewStillsTable {
  id: Generated<number>;
  session_id: number;
  student_id: number;
  /** relative to the uploads folder (faces/<student>/still-…) */
  image_path: string;
  created_at: string;
}

export interface Database {
  departments: DepartmentsTable;
  users: UsersTable;
  face_enrollments: FaceEnrollmentsTable;
  face_templates: FaceTemplatesTable;
  geofence_sessions: GeofenceSessionsTable;
  face_verifications: FaceVerificationsTable;
  attendance_records: AttendanceRecordsTable;
  attendance_attempts: AttendanceAttemptsTable;
  login_failures: LoginFailuresTable;
  geofence_checks: GeofenceChecksTable;
  passed_geofence_steps: PassedGeofenceStepsTable;
  contact_messages: ContactMessagesTable;
  rate_limits: RateLimitsTable;
  face_changes: FaceChangesTable;
  face_change_images: FaceChangeImagesTable;
  duplicate_faces: DuplicateFacesTable;
  face_checks_in_flight: FaceChecksInFlightTable;
  app_settings: AppSettingsTable;
  face_challenges: FaceChallengesTable;
  student_rejections: StudentRejectionsTable;
  leave_requests: LeaveRequestsTable;
  roster_invitations: RosterInvitationsTable;
  notices: NoticesTable;
  notice_emails: NoticeEmailsTable;
  notice_warning_states: NoticeWarningStatesTable;
  rooms: RoomsTable;
  timetable_slots: TimetableSlotsTable;
  review_requests: ReviewRequestsTable;
  review_stills: ReviewStillsTable;
}

export type UserUpdate = Updateable<UsersTable>;
export type GeofenceSession = Selectable<GeofenceSessionsTable>;
