/** A public submission as the form sends it (SPEC.md 3: the payload plus selectedTier and experienceLevel). */
export const VALID_SUBMISSION_PAYLOAD = {
  title: 'Communications Director',
  organization: 'Coastal Justice Fund',
  description: 'Lead our communications team and tell the story of the climate justice movement.',
  location: 'Washington, DC',
  category: ['Communications'],
  jobType: 'Full-time',
  salaryMin: '85000',
  salaryMax: '105000',
  applicationUrl: 'https://coastaljusticefund.org/careers/communications-director',
  deadline: '2027-01-15',
  contactEmail: 'hiring@coastaljusticefund.org',
  contactName: 'Jordan Lee',
  listingType: 'basic',
  promoCode: '',
  selectedTier: 'basic',
  experienceLevel: 'Not specified',
};
