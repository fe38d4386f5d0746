/**
 * The last commit that shipped (landed on main and passed CI): the skew matrix builds every app
 * from it and pairs it with the current code (tests/skew.spec.ts). Move it forward when a release
 * ships, so the matrix always checks "this change beside what is live now"
 * (docs/frontend-delivery.md#the-skew-matrix).
 */
export const PREVIOUS_RELEASE = {
  commit: '6797c3408d4235378da36d69c60284c3427e120f',
  shipped: '2026-11-26',
};
