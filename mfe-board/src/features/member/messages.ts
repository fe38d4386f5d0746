/** Texts of the member sign-in callback, /ghost-callback, in one place. */
export const MEMBER_TEXT = {
  signingIn: 'Signing you in...',
  unavailable: (membership: string) => `Member sign-in with ${membership} is not available yet.`,
  bookmarksHere:
    'You do not need an account to bookmark jobs: your bookmarks are kept in this browser.',
  backToBoard: 'Back to the job board',
  myBookmarks: 'See my bookmarks',
} as const;
