/** Login, the login guard and token refusals (SPEC sections 7 and 8). */
export const authMessages = {
  login: {
    success: 'Login successful!',
    emailNotFound: 'No account found with this email.',
    invalidCredentials: 'Invalid email or password.',
    pending: 'Your account is pending approval.',
    tooMany: 'Too many failed login attempts. Please try again later.',
    generic: 'An error occurred. Please try again.',
    noResponse: 'Server error. Please try again later.',
    title: 'Welcome back',
    subtitle: 'Log in to mark or manage attendance.',
    emailLabel: 'Email',
    passwordLabel: 'Password',
    emailPlaceholder: 'you@school.edu',
    showPassword: 'Show password',
    hidePassword: 'Hide password',
    submit: 'Log in',
    noAccount: "Don't have an account?",
    registerLink: 'Register',
    inactive: 'Your account has been deactivated. Contact your teacher or administrator.',
  },
  guard: {
    sessionExpired: 'Session expired! Please log in again.',
    accessDenied: 'Access denied! You are not authorized to view this page.',
  },
  auth: {
    unauthorized: 'Authentication required.',
    invalidToken: 'Invalid or expired token.',
    forbidden: 'You do not have permission to do this.',
    loggedOut: 'Logged out.',
  },
} as const;
