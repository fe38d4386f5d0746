/** The team page's own words (issue 47; the API's answers are the contract's TEAM_MESSAGES). */
export const TEAM_TEXT = {
  title: 'Your team',
  link: 'Your team',
  back: 'Back to your listings',
  intro: (organization: string) =>
    `Everyone here sees and manages the listings, renewals, credits and receipts of ${organization}.`,
  members: 'Members',
  owner: 'Owner',
  member: 'Member',
  you: '(you)',
  joined: (date: string) => `Joined ${date}`,
  remove: 'Remove',
  confirmRemove: (email: string) => `Remove ${email}? Their access to the listings ends at once.`,
  makeOwner: 'Make owner',
  confirmMakeOwner: (email: string) =>
    `Make ${email} the owner? You stay a member and can no longer manage the team.`,
  invitesTitle: 'Invitations sent',
  inviteExpires: (email: string, date: string) => `${email} (works until ${date})`,
  inviteLabel: 'Invite a colleague by e-mail',
  inviteButton: 'Send invitation',
  domainTitle: 'Your domain',
  domainVerified: (domain: string) => `Verified domain: ${domain}`,
  domainNone: 'No domain verified.',
  domainHow: (domain: string) =>
    `You signed in with an address at ${domain}, which proves it is your organisation's: you can verify it.`,
  domainFreeMail:
    'Your address is at a free e-mail service, so no domain can be verified. Sign in with an address at your organisation’s own domain to verify it.',
  verifyDomain: (domain: string) => `Verify ${domain}`,
  forgetDomain: 'Forget the domain',
  domainJoin: (domain: string) =>
    `Anyone who signs in with an address at ${domain} joins this organisation`,
  leave: 'Leave the organisation',
  confirmLeave: (organization: string) =>
    `Leave ${organization}? Your access to its listings ends at once.`,
  loadFailed: 'Your team could not be loaded. Please try again.',
} as const;
