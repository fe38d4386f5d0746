import { storedApplyFields, type ApplyFields } from '@jobboard/contract/applications';
import { normaliseDeadline } from '@jobboard/contract/common';
import {
  normaliseRemotePlaces,
  payFromFields,
  type Pay,
  type WorkplaceType,
} from '@jobboard/contract/jobs';
import { categoryChoice, type SubmissionPayload } from '@jobboard/contract/submissions';

/** A checked payload as it is stored: trimmed, categories in their canonical spelling, once each. */
export interface NormalisedSubmission {
  title: string;
  organization: string;
  description: string;
  location: string;
  /**
   * Where the job is done (issue 47), null when the form sent none (an older form: the job is
   * remote when its location says so), and the places as typed, normalised (null: none).
   */
  workplaceType: WorkplaceType | null;
  remotePlaces: string | null;
  categories: string[];
  jobType: string;
  experienceLevel: string;
  pay: Pay;
  /**
   * How candidates apply (docs/product.md#applying): the method ('link' when the form sent
   * none), the link ('' when the job takes applications otherwise and none was given), the
   * relayed address, the words and the questions, normalised.
   */
  apply: ApplyFields & { applyMethod: NonNullable<ApplyFields['applyMethod']> };
  applicationUrl: string;
  deadline: string | null;
  contactName: string;
  contactEmail: string;
  listingType: 'basic' | 'featured';
  promoCode: string | null;
  companyWebsite: string | null;
  logoUrl: string | null;
  companyDescription: string | null;
}

/** One line of text: trimmed, inner runs of spaces, tabs and line breaks made one space. */
const oneLine = (text: string) => text.trim().replace(/\s+/g, ' ');

export function normaliseSubmission(
  payload: SubmissionPayload,
  boardCurrency: string,
): NormalisedSubmission {
  const apply = storedApplyFields(payload);
  const categories = [...new Set(payload.category.map((label) => categoryChoice(label)!))];
  return {
    title: oneLine(payload.title),
    organization: oneLine(payload.organization),
    // The description keeps its paragraphs; only Windows line ends are unified.
    description: payload.description.replace(/\r\n?/g, '\n').trim(),
    location: oneLine(payload.location),
    workplaceType: payload.workplaceType ?? null,
    remotePlaces:
      payload.workplaceType === 'on_site'
        ? null
        : normaliseRemotePlaces(payload.remotePlaces ?? '') || null,
    categories,
    jobType: payload.jobType,
    experienceLevel: payload.experienceLevel,
    pay: payFromFields(payload, boardCurrency),
    apply: { ...apply, applyMethod: apply.applyMethod ?? 'link' },
    applicationUrl: apply.applicationUrl ?? '',
    deadline: payload.deadline?.trim() ? normaliseDeadline(payload.deadline) : null,
    contactName: oneLine(payload.contactName),
    contactEmail: payload.contactEmail.trim(),
    listingType: payload.listingType,
    promoCode: payload.promoCode?.trim() ? payload.promoCode.trim().toUpperCase() : null,
    companyWebsite: payload.companyWebsite?.trim() || null,
    logoUrl: payload.logoUrl?.trim() || null,
    // Paragraphs kept, as the job description's.
    companyDescription: payload.companyDescription?.replace(/\r\n?/g, '\n').trim() || null,
  };
}
