/** Texts of the admin sign-in, the session guard and sign-out (docs/product.md#routes-and-screens, docs/product.md#validation, docs/product.md#roles and docs/product.md#errors). */
export const AUTH_TEXT = {
  loginTitle: 'Admin Login',
  username: 'Username',
  password: 'Password',
  login: 'Login',
  loggingIn: 'Logging in...',
  loginSucceeded: 'Login successful!',
  loginError: 'An error occurred during login',
  checkingSession: 'Checking your session...',
  signedOut: {
    title: 'Authentication Error',
    description: 'Please login to access the admin dashboard',
  },
  logout: 'Logout',
  loggedOut: { title: 'Logged out', description: 'You have been logged out successfully' },
  logoutFailed: { title: 'Failed to logout', fallback: 'Please try again.' },
} as const;
