/** @jobboard/contract/members: member sign-in and bookmarks. */
export * from '../members';
