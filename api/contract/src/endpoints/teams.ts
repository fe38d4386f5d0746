/** Organisations and teams (issue 47; api/src/organizations/): the owner's team page and the admins' tools. */
import { type Endpoint, Message } from '../endpoint';
import {
  AdminOrganization,
  AdminOrganizationList,
  AdminOrganizationsQuery,
  EmployerTeam,
  MergeCompany,
  MergeOrganization,
  MoveCredits,
  MoveListing,
  TeamAddress,
  TeamDomain,
  TEAM_LIMITS,
  TEAM_MESSAGES,
} from '../teams';
import { byId, submissionId } from './params';

export const employerTeam = {
  method: 'GET',
  path: '/api/employer/team',
  summary:
    "The signed-in address's organisation: its members and roles, the owner's open invitations, the verified domain and whether addresses at it join.",
  response: EmployerTeam,
} as const satisfies Endpoint;
export const employerInvite = {
  method: 'POST',
  path: '/api/employer/team/invites',
  summary: `The owner invites an address: an e-mailed one-press link (${TEAM_LIMITS.inviteDays} days, once) that signs it in and joins it. 202 with what was sent.`,
  body: TeamAddress,
  status: 202,
  response: Message,
} as const satisfies Endpoint;
export const employerRemoveMember = {
  method: 'POST',
  path: '/api/employer/team/remove',
  summary: "The owner removes a member: that address's access ends with its next request.",
  body: TeamAddress,
  response: EmployerTeam,
} as const satisfies Endpoint;
export const employerMakeOwner = {
  method: 'POST',
  path: '/api/employer/team/owner',
  summary: 'The owner hands the ownership to another member (and stays a member).',
  body: TeamAddress,
  response: EmployerTeam,
} as const satisfies Endpoint;
export const employerLeaveTeam = {
  method: 'POST',
  path: '/api/employer/team/leave',
  summary:
    "A member leaves the organisation (the owner only once alone in it): the session's access ends.",
  response: Message,
} as const satisfies Endpoint;
export const employerTeamDomain = {
  method: 'PUT',
  path: '/api/employer/team/domain',
  summary:
    'The owner verifies the domain of their own address (never a free-mail one) or forgets it, and turns on or off that anyone signing in with an address at it joins.',
  body: TeamDomain,
  response: EmployerTeam,
} as const satisfies Endpoint;

const organizationId = byId(TEAM_MESSAGES.organizationNotFound);
export const adminOrganizations = {
  method: 'GET',
  path: '/api/admin/organizations',
  summary: `Organisations, ${TEAM_LIMITS.adminPageSize} a page, searched by name, member address or domain (q).`,
  querystring: AdminOrganizationsQuery,
  response: AdminOrganizationList,
} as const satisfies Endpoint;
export const adminOrganization = {
  method: 'GET',
  path: '/api/admin/organizations/:id',
  summary: 'One organisation: its members, listings, credits left and history.',
  ...organizationId,
  response: AdminOrganization,
} as const satisfies Endpoint;
export const adminMoveCredits = {
  method: 'POST',
  path: '/api/admin/organizations/:id/credits',
  summary: "Moves the organisation's credits left to another organisation (history on both).",
  ...organizationId,
  body: MoveCredits,
  response: AdminOrganization,
} as const satisfies Endpoint;
export const adminMergeOrganization = {
  method: 'POST',
  path: '/api/admin/organizations/:id/merge',
  summary:
    'Merges this (duplicate) organisation into another: its members, listings and credits move; it is kept as merged into the other (history on both).',
  ...organizationId,
  body: MergeOrganization,
  response: AdminOrganization,
} as const satisfies Endpoint;
export const adminMoveListing = {
  method: 'POST',
  path: '/api/admin/submissions/:id/organization',
  summary: 'Moves a listing (submission) to another organisation (history on both).',
  ...submissionId,
  body: MoveListing,
  response: AdminOrganization,
} as const satisfies Endpoint;
export const adminMergeCompany = {
  method: 'POST',
  path: '/api/admin/companies/:id/merge',
  summary:
    "Merges a duplicate company into another: its jobs and organisations point at the other, and it is removed (recorded in the company's history and each job's).",
  ...byId(TEAM_MESSAGES.companyNotFound),
  body: MergeCompany,
  response: Message,
} as const satisfies Endpoint;
