import { ENDPOINTS } from '@jobboard/contract/endpoints';
import { type Member } from '@jobboard/contract/members';
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

/**
 * A sign-in this browser began at the board's 'Sign in': where the visitor was (for
 * /ghost-callback to return to) and when they left. Kept as `{ returnTo, startedAt }` JSON.
 */
export const PENDING_SIGN_IN_KEY = 'job_board_sign_in';

/**
 * How long a sign-in begun here counts as begun here: the hour the code injection in
 * docs/members.md also waits for the e-mailed magic link.
 */
export const SIGN_IN_WINDOW_MS = 3_600_000;

export interface PendingSignIn {
  /** A path on this site to return to ('/' when none was kept, or one that is not ours). */
  returnTo: string;
  /**
   * The visitor pressed 'Sign in' on this board within SIGN_IN_WINDOW_MS. When not, the token
   * arrived by a link someone else may have made (login CSRF: their account, the visitor's
   * bookmarks), so the callback asks before it signs anyone in.
   */
  startedHere: boolean;
}

/** Remember that the visitor left for the Ghost portal from `path`, now. */
export function startSignIn(path: string, now = Date.now()): void {
  try {
    window.localStorage.setItem(
      PENDING_SIGN_IN_KEY,
      JSON.stringify({ returnTo: path, startedAt: now }),
    );
  } catch {
    // Storage blocked: the callback asks before signing in, and returns to the board's home.
  }
}

/**
 * The sign-in begun here, read without forgetting it (a render may run twice); forgotten with
 * `endSignIn()` once the callback is done. Only a path on this site is returned: an address
 * planted in storage cannot send the member elsewhere.
 */
export function pendingSignIn(now = Date.now()): PendingSignIn {
  let kept: unknown;
  try {
    kept = JSON.parse(window.localStorage.getItem(PENDING_SIGN_IN_KEY) ?? 'null');
  } catch {
    kept = null;
  }
  const { returnTo, startedAt } = (kept ?? {}) as { returnTo?: unknown; startedAt?: unknown };
  const path = typeof returnTo === 'string' ? returnTo : '';
  const local = path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');
  const age = typeof startedAt === 'number' ? now - startedAt : Number.NaN;
  return {
    returnTo: local && !path.startsWith('/ghost-callback') ? path : '/',
    startedHere: age >= 0 && age <= SIGN_IN_WINDOW_MS,
  };
}

/** Forget the sign-in begun here (it is done, or the visitor declined it). */
export function endSignIn(): void {
  try {
    window.localStorage.removeItem(PENDING_SIGN_IN_KEY);
  } catch {
    // Nothing kept.
  }
}

/**
 * Marks a visit to the Ghost site that began at the board's 'Sign in': the code injection in
 * docs/members.md#what-a-publication-configures sends only such a member back with their token, not every signed-in reader of the
 * publication.
 */
export const GHOST_SIGN_IN_MARKER = 'job-board-sign-in';

/** The Ghost portal's sign-in screen of a Ghost site, marked as coming from the board. */
export const portalSignInUrl = (membershipUrl: string) =>
  `${membershipUrl}/?${GHOST_SIGN_IN_MARKER}#/portal/signin`;
