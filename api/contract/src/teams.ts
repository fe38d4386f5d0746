import {
  array,
  boolean,
  enums,
  integer,
  nullable,
  object,
  optional,
  string,
  type Infer,
} from 'superstruct';
import { described } from './json-schema';
import { EMAIL_SCHEMA, isContactEmail } from './email-key';
import { MAX_PAGE } from './choices';
import { RecordId } from './job';
import { queryInteger } from './search';

/**
 * Organisations and teams (issue 47): listings, proposals, renewals, credits, receipts and numbers
 * belong to an organisation whose members (one organisation per address) share them. The owner
 * invites by an e-mailed one-press link, removes members, hands the ownership on, and may let
 * anyone who signs in with an address at the organisation's verified domain join.
 */

export const ORGANIZATION_ROLES = ['owner', 'member'] as const;
export type OrganizationRole = (typeof ORGANIZATION_ROLES)[number];

export const TEAM_LIMITS = {
  /** How long an invitation works: longer than a sign-in link, a colleague may be away a day. */
  inviteDays: 7,
  /** Organisations per page of the admins' list. */
  adminPageSize: 50,
} as const;

/** What happened to an organisation, as its history records it. */
export const ORGANIZATION_ACTIONS = [
  'created',
  'invited',
  'joined',
  'joined_by_domain',
  'removed',
  'left',
  'owner_changed',
  'domain_set',
  'domain_join_on',
  'domain_join_off',
  'listing_moved_in',
  'listing_moved_out',
  'credits_moved_in',
  'credits_moved_out',
  'merged_in',
  'merged_into',
  /** Its first published listing tied it to that job's company (issue 47). */
  'company_tied',
] as const;
export type OrganizationAction = (typeof ORGANIZATION_ACTIONS)[number];

/** The date as the texts say it ('2026-12-01'). */
const day = (at: Date) => at.toISOString().slice(0, 10);

/** Every text of the team pages and the API's answers to them (docs/product.md, word for word). */
export const TEAM_MESSAGES = {
  email: 'Please enter a valid email address',
  invited: (email: string) =>
    `An invitation is on its way to ${email}. It works once, for ${TEAM_LIMITS.inviteDays} days.`,
  alreadyMember: (email: string) => `${email} is a member of this organisation already.`,
  ownerOnly: 'Only the owner of the organisation can do this.',
  notAMember: (email: string) => `${email} is not a member of this organisation.`,
  removed: (email: string) => `${email} is no longer a member. Their access ended now.`,
  ownerChanged: (email: string) => `${email} is now the owner. You stay a member.`,
  cannotRemoveSelf: 'To leave the organisation, use Leave instead.',
  ownerCannotLeave:
    'The owner cannot leave: the listings must stay someone’s. Make another member owner first.',
  left: (organization: string) => `You left ${organization}. Your access to its listings ended.`,
  /** What a removed member's next request answers (403), and their page shows. */
  accessEnded: (organization: string, owner: string, at: Date) =>
    `Your access to ${organization} ended: ${owner} removed this address on ${day(at)}. Ask them to invite you again if this is a mistake.`,
  accessEndedLeft: (organization: string, at: Date) =>
    `Your access to ${organization} ended: you left it on ${day(at)}.`,
  noOrganization:
    'This address is in no organisation on the board. Submit a listing, or ask a colleague to invite you.',
  inviteInvalid:
    'This invitation does not work: it may have been used already or have expired. Ask the owner for a new one.',
  inviteExpired: `This invitation has expired (invitations work for ${TEAM_LIMITS.inviteDays} days). Ask the owner for a new one.`,
  inviteUsed: 'This invitation has been used already. Ask for a sign-in link below.',
  /** An address already in another organisation of more than itself: what to do instead. */
  inAnotherOrganization: (email: string, organization: string) =>
    `${email} is already a member of ${organization}. Ask its owner to remove this address first, or ask us to merge the two organisations.`,
  /** The same, when the address's own organisation of one still has listings. */
  hasOwnListings: (email: string, organization: string) =>
    `${email} already has listings of its own in ${organization}. Ask us to merge the two organisations, so that no listing is lost.`,
  domainNotYours: (domain: string) =>
    `Only the domain of your own address can be verified: sign in with an address at ${domain} to verify it.`,
  domainFreeMail: (domain: string) =>
    `${domain} is a free e-mail service, not an organisation's own domain, so it cannot be verified.`,
  domainJoinNeedsDomain: 'Verify your domain first: only addresses at it can join by signing in.',
  domainSaved: 'Saved.',
  organizationNotFound: 'Organisation not found',
  mergeIntoItself: 'An organisation cannot be merged into itself.',
  mergedAlready: (name: string) => `${name} was merged into another organisation already.`,
  companyNotFound: 'Company not found',
  companyMergeIntoItself: 'A company cannot be merged into itself.',
  companyMerged: (from: string, into: string, jobs: number) =>
    `${from} was merged into ${into}: ${jobs} job(s) now name ${into}.`,
  noCreditsToMove: 'This organisation has no credits left to move.',
} as const;

export const TeamMember = object({
  email: string(),
  role: enums(ORGANIZATION_ROLES),
  joinedAt: string(),
  /** The signed-in address. */
  you: boolean(),
});
export type TeamMember = Infer<typeof TeamMember>;

export const TeamInvite = object({ email: string(), invitedBy: string(), expiresAt: string() });
export type TeamInvite = Infer<typeof TeamInvite>;

export const OrganizationHistoryEntry = object({
  at: string(),
  actor: string(),
  action: enums(ORGANIZATION_ACTIONS),
  subject: nullable(string()),
  detail: nullable(string()),
});
export type OrganizationHistoryEntry = Infer<typeof OrganizationHistoryEntry>;

/** `GET /api/employer/team`: the signed-in address's organisation as its members see it. */
export const EmployerTeam = object({
  organization: object({
    id: RecordId,
    name: string(),
    verifiedDomain: nullable(string()),
    domainJoin: boolean(),
  }),
  role: enums(ORGANIZATION_ROLES),
  members: array(TeamMember),
  /** Invitations not yet used nor expired (the owner's view; empty for a member). */
  invites: array(TeamInvite),
  /** The domain the owner may verify (that of their own address), null for a free-mail one. */
  verifiableDomain: nullable(string()),
  /** Set on the answers to the owner's changes: what happened. */
  message: optional(string()),
});
export type EmployerTeam = Infer<typeof EmployerTeam>;

const email = described<string>(
  'email',
  EMAIL_SCHEMA,
  (value) => isContactEmail(value) || TEAM_MESSAGES.email,
);

/** `POST /api/employer/team/invites`, `.../remove`, `.../owner`: one address. */
export const TeamAddress = object({ email });
export type TeamAddress = Infer<typeof TeamAddress>;

/** `PUT /api/employer/team/domain`: verify (or forget) the domain and turn joining by it on/off. */
export const TeamDomain = object({ verify: boolean(), domainJoin: boolean() });
export type TeamDomain = Infer<typeof TeamDomain>;

/** One organisation in the admins' list. */
export const AdminOrganizationSummary = object({
  id: RecordId,
  name: string(),
  companyId: nullable(RecordId),
  verifiedDomain: nullable(string()),
  members: integer(),
  listings: integer(),
  creditsLeft: integer(),
  mergedIntoId: nullable(RecordId),
  createdAt: string(),
});
export type AdminOrganizationSummary = Infer<typeof AdminOrganizationSummary>;

export const AdminOrganizationList = object({
  organizations: array(AdminOrganizationSummary),
  page: integer(),
  pageSize: integer(),
  total: integer(),
});
export type AdminOrganizationList = Infer<typeof AdminOrganizationList>;

export const AdminOrganizationListing = object({
  submissionId: RecordId,
  title: string(),
  status: string(),
  contactEmail: string(),
  jobId: nullable(RecordId),
});

export const AdminOrganization = object({
  organization: AdminOrganizationSummary,
  /**
   * The company the organisation is tied to (issue 47), by name, with the slug of its public page
   * `/organizations/{slug}`; null when tied to none.
   */
  company: nullable(object({ id: RecordId, name: string(), slug: nullable(string()) })),
  domainJoin: boolean(),
  members: array(object({ email: string(), role: enums(ORGANIZATION_ROLES), joinedAt: string() })),
  listings: array(AdminOrganizationListing),
  history: array(OrganizationHistoryEntry),
});
export type AdminOrganization = Infer<typeof AdminOrganization>;

export const AdminOrganizationsQuery = object({
  q: optional(string()),
  page: queryInteger(1, MAX_PAGE, 1),
});
export type AdminOrganizationsQuery = Infer<typeof AdminOrganizationsQuery>;

/** `POST /api/admin/submissions/:id/organization`: move a listing to another organisation. */
export const MoveListing = object({ organizationId: RecordId });
/** `POST /api/admin/organizations/:id/credits`: move its credits left to another organisation. */
export const MoveCredits = object({ toOrganizationId: RecordId });
/** `POST /api/admin/organizations/:id/merge`: merge this (the duplicate) into another. */
export const MergeOrganization = object({ intoOrganizationId: RecordId });
/** `POST /api/admin/companies/:id/merge`: its jobs move to the other company, this one is removed. */
export const MergeCompany = object({ intoCompanyId: RecordId });
