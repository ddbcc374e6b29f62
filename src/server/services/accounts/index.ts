/**
 * Accounts: who may sign in and as what. Registration, approval and rejection of students, sign-in, a user's own
 * account, the administrator's user list, teachers adding students, departments, and the contact form's inbox.
 * Code outside this folder imports it from here only; files inside import each other directly.
 */
export { getEditableProfile, updateProfile } from './account-update';
export { deleteUserCascade, deletionPreview } from './admin-user-deletion';
export { listUsersPage } from './admin-user-list';
export { createUserByAdmin, listUsers, resolveDepartment, updateUserByAdmin } from './admin-users';
export { addStudentByTeacher, approveUsers, pendingStudentsByDepartment } from './approvals';
export { decideFaceCollision } from './face-collision-decisions';
export { guardianEmailOf, setGuardianEmail } from './guardian-email';
export { login, logout } from './auth';
export { listContactMessages, saveContactMessage, setContactMessageHandled } from './contact-messages';
export { listDepartments } from './departments';
export { registerUser } from './registration';
export { rejectStudents } from './student-rejections';
export { changePassword, createActiveUser, createActiveUsersWithHash, deactivateUser, getMe, getStudentProfile, getTeacherProfile } from './users';
export { createInvitation, type Invitation, listOpenInvitations, renewInvitation } from './roster/invitations';
export { invitationDetails, registerFromInvitation } from './roster/invitation-registration';
export { importRoster, previewRoster } from './roster/roster-import';
