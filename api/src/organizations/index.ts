/**
 * The organisations slice's face: what other slices may import from it (the lint refuses an import
 * of any other file of this folder from outside it). Its plugins put its services on `app`.
 */
export type { Membership, OrganizationsService } from './organizations-service';
export type { TeamService } from './teams/team-service';
