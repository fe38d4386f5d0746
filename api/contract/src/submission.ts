import { defaulted, object, optional, refine, string, type Infer } from 'superstruct';
import { described } from './json-schema';
import {
  CATEGORY_CHOICES,
  DESCRIPTION_MIN_LENGTH,
  EXPERIENCE_NOT_SPECIFIED,
  PUBLIC_JOB_TYPES,
  isExperienceChoice,
  EXPERIENCE_SCHEMA,
} from './choices';
import { parseDeadline } from './dates';
import { applyFieldRules } from './applications';
import { JOB_LIMITS } from './job-limits';
import { CONTACT_EMAIL_MAX, EMAIL_SCHEMA, isContactEmail } from './email-key';
import { labelKey } from './labels';
import {
  checkWorkplace,
  DEFAULT_WORKPLACE_TYPE,
  remotePlacesField,
  workplaceTypeField,
} from './workplace';
import { HUMAN_PROOF_BODY } from './human-proof';
import { uploadedLogoHash } from './logo-upload';
import {
  amountField,
  benefitsField,
  checkPay,
  currencyField,
  DEFAULT_PAY_PERIOD,
  payGiven,
  periodField,
} from './pay';
import { DEFAULT_LISTING_TIER, LISTING_TIER_IDS, type ListingTierId } from './tiers';

/** The messages of the public submission form (docs/product.md#validation), word for word. */
export const SUBMISSION_MESSAGES = {
  title: 'Job title is required',
  organization: 'Organization name is required',
  description: `Job description must be at least ${DESCRIPTION_MIN_LENGTH} characters`,
  location: 'Location is required',
  category: 'At least one category is required',
  jobType: 'Job type is required',
  applicationUrl: 'Please enter a valid URL',
  contactEmail: 'Please enter a valid email address',
  contactName: 'Contact name is required',
} as const;

/** Messages for the rules docs/product.md leaves to us (optional fields, lengths, cross-field checks). */
export const SUBMISSION_EXTRA_MESSAGES = {
  unknownCategory: 'Please choose categories from the list',
  tooManyCategories: (max: number) => `Please choose at most ${max} categories`,
  deadline: 'Please enter a valid date',
  promoCode: 'Promo codes contain only letters, numbers and dashes',
  /** The form offers only the tier cards; another value comes from a script, not a person. */
  listingType: 'Please choose a listing type',
  selectedTier: 'The selected tier must match the listing type',
  experienceLevel: 'Please choose an experience level',
  url: 'Please enter a valid URL',
  tooLong: (max: number) => `Please keep this under ${max} characters`,
  /** An optional text field sent as a number, a list... */
  notText: 'Please enter text',
} as const;

/**
 * Longest accepted values of what a submission holds beside the job's fields (JOB_LIMITS): far
 * beyond real postings, short of abuse.
 */
export const SUBMISSION_LIMITS = {
  /** As many as there are choices: each at most once. */
  categories: CATEGORY_CHOICES.length,
  /** submissions.contact_email (320); an address is at most 254 (RFC 5321). */
  contactEmail: CONTACT_EMAIL_MAX,
  /** submissions.contact_name (200) */
  contactName: 200,
  /** submissions.promo_code (40) */
  promoCode: 40,
  /** The hidden honeypot field. */
  website: 2000,
} as const;

export { isContactEmail };

const tooLong = SUBMISSION_EXTRA_MESSAGES.tooLong;

/** A string that is not blank once trimmed; missing, blank and wrong type all get `message`. */
const requiredText = (message: string, max: number) =>
  described<string>('requiredText', { type: 'string', maxLength: max, pattern: '\\S' }, (value) => {
    if (typeof value !== 'string' || value.trim() === '') return message;
    return value.length <= max || tooLong(max);
  });

/** Optional text: absent, empty, or a string of at most `max` characters. */
const optionalText = (max: number, test?: (value: string) => true | string) =>
  optional(
    described<string>('optionalText', { type: 'string', maxLength: max }, (value) => {
      if (typeof value !== 'string') return SUBMISSION_EXTRA_MESSAGES.notText;
      if (value.length > max) return tooLong(max);
      return value.trim() === '' || !test || test(value.trim());
    }),
  );

const HTTP_URL = (value: unknown) => {
  if (typeof value !== 'string' || value.length > JOB_LIMITS.applicationUrl) return false;
  try {
    const url = new URL(value.trim());
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
};

/** The canonical spelling of a category choice, matched by its label key (labels.ts). */
export function categoryChoice(label: string): (typeof CATEGORY_CHOICES)[number] | undefined {
  const wanted = labelKey(label);
  return CATEGORY_CHOICES.find((choice) => labelKey(choice) === wanted);
}

const categories = described<string[]>(
  'categories',
  {
    type: 'array',
    items: { enum: CATEGORY_CHOICES },
    minItems: 1,
    maxItems: SUBMISSION_LIMITS.categories,
  },
  (value) => {
    if (!Array.isArray(value) || !value.some((v) => typeof v === 'string' && v.trim() !== '')) {
      return SUBMISSION_MESSAGES.category;
    }
    if (value.length > SUBMISSION_LIMITS.categories) {
      return SUBMISSION_EXTRA_MESSAGES.tooManyCategories(SUBMISSION_LIMITS.categories);
    }
    return (
      value.every((v) => typeof v === 'string' && categoryChoice(v)) ||
      SUBMISSION_EXTRA_MESSAGES.unknownCategory
    );
  },
);

const PROMO_CODE = /^[A-Za-z0-9_-]+$/;

/** An optional web address (a company's website, its logo): http(s) with a real host name. */
const webAddress = (value: string) => HTTP_URL(value) || SUBMISSION_EXTRA_MESSAGES.url;

/**
 * A job's experience level, the same rule on the public form, the admin form and the API: one
 * of the board's levels, or 'Not specified' (the default when none is sent).
 */
const experienceLevelField = (message: string) =>
  defaulted(
    described<string>(
      'experienceLevel',
      EXPERIENCE_SCHEMA,
      (value) => isExperienceChoice(value) || message,
    ),
    EXPERIENCE_NOT_SPECIFIED,
  );

const listingType = described<ListingTierId>(
  'listingType',
  { enum: LISTING_TIER_IDS },
  (value) =>
    (LISTING_TIER_IDS as readonly unknown[]).includes(value) ||
    SUBMISSION_EXTRA_MESSAGES.listingType,
);

/** The rule of each submission field (the proposal of changes to a live job reuses them). */
export const SUBMISSION_FIELD_RULES = {
  title: requiredText(SUBMISSION_MESSAGES.title, JOB_LIMITS.title),
  organization: requiredText(SUBMISSION_MESSAGES.organization, JOB_LIMITS.organization),
  description: described<string>(
    'description',
    { type: 'string', minLength: DESCRIPTION_MIN_LENGTH, maxLength: JOB_LIMITS.description },
    (value) => {
      if (typeof value !== 'string' || value.trim().length < DESCRIPTION_MIN_LENGTH) {
        return SUBMISSION_MESSAGES.description;
      }
      return value.length <= JOB_LIMITS.description || tooLong(JOB_LIMITS.description);
    },
  ),
  location: requiredText(SUBMISSION_MESSAGES.location, JOB_LIMITS.label),
  /**
   * Where the job is done and the places it may be done from (issue 47). Optional: an older form
   * sends neither, and the job is remote when its location says Remote, as before.
   */
  workplaceType: optional(workplaceTypeField),
  remotePlaces: optional(remotePlacesField),
  category: categories,
  jobType: described<string>(
    'jobType',
    { enum: PUBLIC_JOB_TYPES },
    (value) =>
      (PUBLIC_JOB_TYPES as readonly unknown[]).includes(value) || SUBMISSION_MESSAGES.jobType,
  ),
  /** Pay (docs/product.md#pay): figures as typed, what they are per, the currency, benefits. */
  salaryMin: optional(amountField),
  salaryMax: optional(amountField),
  /** An older form sends none: its figures were a year's. */
  salaryPeriod: defaulted(periodField, DEFAULT_PAY_PERIOD),
  /** Blank or absent: the board's currency. */
  salaryCurrency: optional(currencyField),
  benefitsSummary: optional(benefitsField),
  /**
   * How candidates apply (docs/product.md#applying): a link (the default: an older form sends no
   * method, and its link is required as it always was), a relayed e-mail address, or the board's
   * form; the job's words on applying and up to five screening questions.
   */
  ...applyFieldRules((value) => HTTP_URL(value) || SUBMISSION_MESSAGES.applicationUrl),
  deadline: optionalText(
    JOB_LIMITS.deadline,
    (value) => parseDeadline(value) !== null || SUBMISSION_EXTRA_MESSAGES.deadline,
  ),
  contactEmail: described<string>(
    'contactEmail',
    EMAIL_SCHEMA,
    (value) => isContactEmail(value) || SUBMISSION_MESSAGES.contactEmail,
  ),
  contactName: requiredText(SUBMISSION_MESSAGES.contactName, SUBMISSION_LIMITS.contactName),
  listingType: defaulted(listingType, DEFAULT_LISTING_TIER),
  experienceLevel: experienceLevelField(SUBMISSION_EXTRA_MESSAGES.experienceLevel),
  companyWebsite: optionalText(JOB_LIMITS.companyUrl, webAddress),
  /** A web address of the logo, or the path of one uploaded (`POST /api/logos`: `/logos/<hash>.png`). */
  logoUrl: optionalText(
    JOB_LIMITS.companyUrl,
    (value) => uploadedLogoHash(value) !== undefined || webAddress(value),
  ),
  companyDescription: optionalText(JOB_LIMITS.companyDescription),
  promoCode: optionalText(
    SUBMISSION_LIMITS.promoCode,
    (value) => PROMO_CODE.test(value) || SUBMISSION_EXTRA_MESSAGES.promoCode,
  ),
};

/** What the public form edits (docs/product.md#entities, "Job submission payload"). */
export const SubmissionForm = refine(
  refine(refine(object(SUBMISSION_FIELD_RULES), 'pay', checkPay), 'payGiven', payGiven),
  'workplace',
  checkWorkplace,
);
export type SubmissionForm = Infer<typeof SubmissionForm>;

/**
 * What `POST /api/submit-job-for-review` takes: the form (its `experienceLevel` 'Not specified'
 * when none is sent) plus `selectedTier` (equal to listingType), and `website`, a field real
 * visitors never see or fill (the form hides it; bots fill every field).
 */
export const SubmissionPayload = refine(
  refine(
    refine(
      object({
        ...SUBMISSION_FIELD_RULES,
        selectedTier: optional(
          described<ListingTierId>(
            'selectedTier',
            { enum: LISTING_TIER_IDS },
            (value) =>
              (LISTING_TIER_IDS as readonly unknown[]).includes(value) ||
              SUBMISSION_EXTRA_MESSAGES.selectedTier,
          ),
        ),
        website: optionalText(SUBMISSION_LIMITS.website),
        /** The spam check's solved challenge (issue 45). */
        humanProof: HUMAN_PROOF_BODY.humanProof,
      }),
      'pay',
      checkPay,
    ),
    'payGiven',
    payGiven,
  ),
  'selectedTier',
  (value) =>
    value.selectedTier === undefined || value.selectedTier === value.listingType
      ? checkWorkplace(value)
      : { path: ['selectedTier'], message: SUBMISSION_EXTRA_MESSAGES.selectedTier },
);
export type SubmissionPayload = Infer<typeof SubmissionPayload>;

/** A fresh form: everything empty, the default tier chosen. */
export function defaultSubmissionValues(): SubmissionForm {
  return {
    title: '',
    organization: '',
    description: '',
    location: '',
    workplaceType: DEFAULT_WORKPLACE_TYPE,
    remotePlaces: '',
    category: [],
    jobType: '',
    salaryMin: '',
    salaryMax: '',
    salaryPeriod: DEFAULT_PAY_PERIOD,
    salaryCurrency: '',
    benefitsSummary: '',
    applyMethod: 'link',
    applicationUrl: '',
    applicationEmail: '',
    howToApply: '',
    screeningQuestions: [],
    deadline: '',
    contactEmail: '',
    contactName: '',
    listingType: DEFAULT_LISTING_TIER,
    experienceLevel: EXPERIENCE_NOT_SPECIFIED,
    companyWebsite: '',
    logoUrl: '',
    companyDescription: '',
    promoCode: '',
  };
}

/** The answer to a stored submission. */
export const SubmissionReceived = object({ id: string(), status: string() });
export type SubmissionReceived = Infer<typeof SubmissionReceived>;

/** Submission statuses (docs/product.md#states-and-transitions) and how the admin screen labels them. */
export const SUBMISSION_STATUS_LABELS = {
  pending_review: 'Pending Review',
  approved: 'Approved',
  rejected: 'Rejected',
  paid: 'Paid & Published',
} as const;
export type SubmissionStatus = keyof typeof SUBMISSION_STATUS_LABELS;
