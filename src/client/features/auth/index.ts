/** The login screen's public surface. */
export { LoginForm } from './login-form';
