/** Texts of the job card, the job detail and the bookmarks (docs/product.md#routes-and-screens and docs/product.md#errors), in one place. */
export const JOB_TEXT = {
  featured: 'Featured job:',
  posted: (date: string) => `Posted ${date}`,
  deadline: (date: string) => `Deadline: ${date}`,
  /** The benefits summary given with the pay (job.pay.benefits), under the pay line. */
  payBenefits: (summary: string) => `Benefits: ${summary}`,
  bookmark: 'Bookmark',
  bookmarked: 'Bookmarked',
  /** The Apply action of a job that takes applications by its link: on a card, in its detail. */
  findOutMore: 'Find Out More',
  viewJobPosting: 'View Job Posting',
  /** ...and of a job that takes them on the board (docs/product.md#applying). */
  apply: 'Apply',
  applyOnBoard: 'Apply on the board',
  opensInNewTab: '(opens in a new tab)',
  expired: 'This job is no longer accepting applications.',
  sections: {
    description: 'Job Description',
    responsibilities: 'Responsibilities',
    requirements: 'Requirements',
    benefits: 'Benefits',
    company: 'About the Company',
  },
  visitWebsite: 'Visit Company Website',
  jobsOnPage: 'Jobs',
  loadingJob: 'Loading job details...',
  closedTitle: 'This job is closed',
  notFoundTitle: 'Job not found',
  notFoundText: 'This job does not exist or is no longer listed.',
  loadFailedTitle: 'This job could not be loaded',
  loadFailedText: 'Something went wrong while loading this job. Please try again.',
  retry: 'Try again',
  backToJobs: 'Back to all jobs',
  bookmarksTitle: 'My Bookmarks',
  bookmarksIntro: 'Jobs you bookmarked are kept in this browser.',
  bookmarksIntroMember: (email: string) =>
    `Jobs you bookmarked are saved to your member account (${email}) and follow you to every device.`,
  bookmarkSaveFailed: 'Your bookmark could not be saved',
  bookmarkRemoveFailed: 'Your bookmark could not be removed',
  bookmarkTryAgain: 'Please check your connection and try again.',
  bookmarksLoading: 'Loading your bookmarked jobs...',
  bookmarksEmpty: 'You have no bookmarked jobs yet.',
  browseJobs: 'Browse jobs',
  bookmarksGone: (count: number) =>
    count === 1
      ? '1 bookmarked job is no longer listed.'
      : `${count} bookmarked jobs are no longer listed.`,
  removeGone: 'Remove from my bookmarks',
  bookmarksFailed: (count: number) =>
    count === 1
      ? '1 bookmarked job could not be loaded right now.'
      : `${count} bookmarked jobs could not be loaded right now.`,
} as const;
