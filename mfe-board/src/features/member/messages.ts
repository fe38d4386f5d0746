/** Texts of the member sign-in callback, /ghost-callback, in one place. */
export const MEMBER_TEXT = {
  signingIn: 'Signing you in...',
  authenticating: (membership: string) => `Authenticating with ${membership}...`,
  unavailable: (membership: string) => `Member sign-in with ${membership} is not available yet.`,
  bookmarksHere:
    'You do not need an account to bookmark jobs: your bookmarks are kept in this browser.',
  failedTitle: 'Sign-in did not work',
  failed: 'Something went wrong while signing you in. Please try again.',
  tryAgain: 'Sign in again',
  signedIn: (email: string) => `Signed in as ${email}`,
  bookmarksFollow: 'Your bookmarks now follow you to every device.',
  backToBoard: 'Back to the job board',
  myBookmarks: 'See my bookmarks',
} as const;
