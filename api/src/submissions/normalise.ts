import {
  categoryChoice,
  normaliseDeadline,
  parseSalary,
  type SubmissionPayload,
} from '@jobboard/contract';

/** A checked payload as it is stored: trimmed, categories in their canonical spelling, once each. */
export interface NormalisedSubmission {
  title: string;
  organization: string;
  description: string;
  location: string;
  categories: string[];
  jobType: string;
  experienceLevel: string;
  salaryMin: number | null;
  salaryMax: number | null;
  applicationUrl: string;
  deadline: string | null;
  contactName: string;
  contactEmail: string;
  listingType: 'basic' | 'featured';
  promoCode: string | null;
}

export function normaliseSubmission(payload: SubmissionPayload): NormalisedSubmission {
  const categories = [...new Set(payload.category.map((label) => categoryChoice(label)!))];
  return {
    title: payload.title.trim(),
    organization: payload.organization.trim(),
    description: payload.description.trim(),
    location: payload.location.trim(),
    categories,
    jobType: payload.jobType,
    experienceLevel: payload.experienceLevel,
    salaryMin: parseSalary(payload.salaryMin),
    salaryMax: parseSalary(payload.salaryMax),
    applicationUrl: payload.applicationUrl.trim(),
    deadline: payload.deadline?.trim() ? normaliseDeadline(payload.deadline) : null,
    contactName: payload.contactName.trim(),
    contactEmail: payload.contactEmail.trim(),
    listingType: payload.listingType,
    promoCode: payload.promoCode?.trim() ? payload.promoCode.trim().toUpperCase() : null,
  };
}
