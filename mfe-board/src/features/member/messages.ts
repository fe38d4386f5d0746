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
  confirmTitle: 'Confirm your sign-in',
  confirmWho: (email: string | null) =>
    email
      ? `This link signs you in to the job board as ${email}.`
      : 'This link signs you in to the job board.',
  confirmBookmarks: (count: number) =>
    `The ${count === 1 ? 'bookmark' : `${count} bookmarks`} in this browser will be added to that account.`,
  confirmWhy:
    "It did not start from this board's Sign in. If you did not just ask to sign in, do not continue.",
  confirm: (email: string | null) => (email ? `Sign in as ${email}` : 'Sign in'),
  decline: 'Cancel',
  declined: 'You are not signed in. Your bookmarks stay in this browser.',
  backToBoard: 'Back to the job board',
  myBookmarks: 'See my bookmarks',
} as const;
