/**
 * The organisation page asked for is of a company merged into another (issue 47): its visitors go,
 * for good, to the page of the survivor, whose slug this carries. Never kept in the public cache
 * (an error is not): only a duplicate's old address pays its read.
 */
export class OrganizationMoved extends Error {
  constructor(readonly slug: string) {
    super(`The organisation's page moved to /organizations/${slug}`);
    this.name = 'OrganizationMoved';
  }
}
