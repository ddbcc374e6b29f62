/** The registration form (fields, webcam capture, submit), and its form for a roster invitation (issue 39). */
export { InvitationForm } from './invitation-form';
export { RegisterForm } from './register-form';
