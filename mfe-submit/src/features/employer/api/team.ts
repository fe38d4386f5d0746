import type { TeamDomain } from '@jobboard/contract/employer';
import { ENDPOINTS, endpointKey } from '@jobboard/contract/endpoints';
import { apiFetch } from '@jobboard/shared-ui';
import useSWR from 'swr';

/** The team of the signed-in address's organisation (issue 47); null when nobody is signed in. */
export const teamKey = endpointKey(ENDPOINTS.employerTeam, {});

export function useTeam() {
  return useSWR(teamKey, () => apiFetch(ENDPOINTS.employerTeam, { nullOn401: true }));
}

export const invite = (email: string) => apiFetch(ENDPOINTS.employerInvite, { body: { email } });

export const removeMember = (email: string) =>
  apiFetch(ENDPOINTS.employerRemoveMember, { body: { email } });

export const makeOwner = (email: string) =>
  apiFetch(ENDPOINTS.employerMakeOwner, { body: { email } });

export const leaveTeam = () => apiFetch(ENDPOINTS.employerLeaveTeam);

export const setDomain = (change: TeamDomain) =>
  apiFetch(ENDPOINTS.employerTeamDomain, { body: change });
