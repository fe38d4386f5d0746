// jest-dom's matchers on vitest's `expect` (the setup installs them at run time): a front end's
// tsconfig names this entry in `types` (tsconfig.web.json), so it needs no jest-dom of its own.
/// <reference types="@testing-library/jest-dom/vitest" />
export {};
