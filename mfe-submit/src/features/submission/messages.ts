import { REVIEW_HOURS } from '@jobboard/contract/common';

/** Texts of the submit screen (docs/product.md#routes-and-screens, docs/product.md#states-and-transitions and docs/product.md#errors), in one place. */
export const SUBMIT_TEXT = {
  title: 'Submit Your Job for Review',
  howItWorks: 'How it works',
  steps: [
    'Submit your job for free. No payment is needed now.',
    `Our team reviews your submission within ${REVIEW_HOURS} hours.`,
    'If it is approved, we e-mail you a secure payment link.',
    'Your job goes live as soon as the payment is made.',
  ],
  pricing: 'Pricing (Payment after approval)',
  /** The public form's own field beside the shared company links (JOB_FORM_FIELDS). */
  companyDescription: 'About the Company (optional)',
  companyDescriptionHint:
    'A few words about your organization, shown with your listing. If it is already on the board, our team reviews any change to what the board shows.',
  submit: 'Submit for Review (Free)',
  submitting: 'Submitting...',
  /** The button of an employer's edit of their submission (features/employer). */
  saveEdit: 'Save changes and send for review',
  successTitle: 'Submission Received!',
  successSteps: [
    `Our team reviews your job within ${REVIEW_HOURS} hours.`,
    'If it is approved, we e-mail you a secure payment link.',
    'Your job goes live as soon as the payment is made.',
    'We send you a confirmation once it is published.',
  ],
  returnToBoard: 'Return to Job Board',
  successToast: {
    title: 'Job Submitted Successfully!',
    description: "We'll review your submission and contact you within 24 hours.",
  },
  failureToast: {
    title: 'Submission Failed',
    fallback: 'There was an error submitting your job. Please try again.',
  },
} as const;
