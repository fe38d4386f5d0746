import { ENDPOINTS, type Member } from '@jobboard/contract';
import { create } from 'zustand';
import { ApiError, apiFetch } from '../api/api-fetch';

/**
 * Who is signed in as a member (through the publication's Ghost site), shared by the shell's
 * header and the board's bookmarks: one store for the whole page, as shared-ui is one copy.
 * `unknown` until the API has been asked (and on the server, which never knows), so nothing is
 * offered before the answer.
 */
export type MemberStatus = 'unknown' | 'signed-out' | 'signed-in';

interface MemberState {
  status: MemberStatus;
  member: Member | null;
  /**
   * How the member came to be signed in: a session found when the page loaded (their saved
   * bookmarks are then loaded), or a sign-in on this page (which merged them already).
   */
  source: 'session' | 'sign-in' | null;
  /** Signed in: a session the API knows, or a sign-in the callback page just made. */
  signedIn(member: Member, source?: 'session' | 'sign-in'): void;
  /** The session is gone (signed out, or the API answered 401). */
  signedOut(): void;
}

export const useMemberStore = create<MemberState>((set) => ({
  status: 'unknown',
  member: null,
  source: null,
  signedIn: (member, source = 'sign-in') => set({ status: 'signed-in', member, source }),
  signedOut: () => set({ status: 'signed-out', member: null, source: null }),
}));

let asking: Promise<void> | null = null;

/** Ask the API who is signed in, once while nobody knows (the header does, when members are set up). */
export function loadMember(): Promise<void> {
  if (useMemberStore.getState().status !== 'unknown') return Promise.resolve();
  asking ??= apiFetch(ENDPOINTS.memberMe, { nullOn401: true })
    .then((member) => {
      const store = useMemberStore.getState();
      // A sign-in made meanwhile (the callback page) is newer than this answer.
      if (store.status !== 'unknown') return;
      if (member) store.signedIn(member, 'session');
      else store.signedOut();
    })
    .catch((error: unknown) => {
      // Not known: offer sign-in rather than show a member who may not be one.
      console.error('Could not load the member:', error);
      if (useMemberStore.getState().status === 'unknown') useMemberStore.getState().signedOut();
    })
    .finally(() => {
      asking = null;
    });
  return asking;
}

/** End the member session here; an answer of 401 means it had ended already. */
export async function signOutMember(): Promise<void> {
  try {
    await apiFetch(ENDPOINTS.memberSignOut);
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401)) throw error;
  }
  useMemberStore.getState().signedOut();
}

/** Where the visitor was when they left for the Ghost portal, for /ghost-callback to return to. */
export const RETURN_PATH_KEY = 'job_board_return_to';

export function rememberReturnPath(path: string): void {
  try {
    window.localStorage.setItem(RETURN_PATH_KEY, path);
  } catch {
    // Storage blocked: the callback returns to the board's home instead.
  }
}

/**
 * The remembered path, once (it is forgotten as it is read). Only a path on this site: an address
 * planted in storage cannot send the member elsewhere.
 */
export function takeReturnPath(): string {
  let path: string | null;
  try {
    path = window.localStorage.getItem(RETURN_PATH_KEY);
    window.localStorage.removeItem(RETURN_PATH_KEY);
  } catch {
    return '/';
  }
  if (!path) return '/';
  const local = path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');
  return local && !path.startsWith('/ghost-callback') ? path : '/';
}

/**
 * Marks a visit to the Ghost site that began at the board's 'Sign in': the code injection in
 * README.md sends only such a member back with their token, not every signed-in reader of the
 * publication.
 */
export const GHOST_SIGN_IN_MARKER = 'job-board-sign-in';

/** The Ghost portal's sign-in screen of a Ghost site, marked as coming from the board. */
export const portalSignInUrl = (membershipUrl: string) =>
  `${membershipUrl}/?${GHOST_SIGN_IN_MARKER}#/portal/signin`;
