/** Texts of the job alerts (the board's 'Get these jobs by e-mail' and the alert's own pages). */
export const ALERT_TEXT = {
  open: 'Get these jobs by e-mail',
  dialogTitle: 'Get these jobs by e-mail',
  dialogIntro: (description: string) =>
    `We will e-mail you the new jobs of this search: ${description}. You can stop at any time with one click.`,
  email: 'Your e-mail address',
  frequency: 'How often',
  submit: 'Send me these jobs',
  sending: 'Sending...',
  close: 'Close',
  failed: 'Your alert could not be saved. Please try again.',
  confirmTitle: 'Confirm your job alert',
  confirmIntro: 'One more step: press the button to start the job alert you asked for.',
  confirmButton: 'Start my job alert',
  confirmedTitle: 'Your job alert is on',
  confirmed: (email: string, frequency: string, description: string) =>
    `We will e-mail ${email} ${frequency} when new jobs match: ${description}. Every e-mail has a link to change or stop it.`,
  unsubscribeTitle: 'Unsubscribe from this job alert?',
  unsubscribeIntro: 'Press the button and this alert will send you nothing more.',
  unsubscribeButton: 'Unsubscribe',
  unsubscribedTitle: 'You are unsubscribed',
  unsubscribed: (email: string, description: string) =>
    `${email} will get nothing more for: ${description}.`,
  followAgain: 'Changed your mind? Follow this search again from the board.',
  manageTitle: 'Your job alert',
  manageIntro: (email: string, description: string) =>
    `E-mails to ${email} with the new jobs for: ${description}.`,
  pendingNote: 'This alert is not confirmed yet: open the link in the e-mail we sent you.',
  save: 'Save',
  saved: 'Saved.',
  unsubscribe: 'Unsubscribe',
  seeJobs: 'See the jobs of this search',
  linkProblemTitle: 'This link does not work',
  backToBoard: 'Back to the job board',
  loading: 'Loading your alert...',
  memberTitle: 'Your job alerts',
  memberEmpty:
    'No job alerts for your address. Use "Get these jobs by e-mail" on any search to follow it.',
  memberPending: 'waiting for you to confirm it from its e-mail',
  memberRemoveShort: 'Remove',
  memberRemove: (description: string) => `Remove the job alert for ${description}`,
  memberLoadFailed: 'Your job alerts could not be loaded. Please try again later.',
} as const;
