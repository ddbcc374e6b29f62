/** The registration form (fields, webcam capture, submit). */
export { RegisterForm } from './register-form';
