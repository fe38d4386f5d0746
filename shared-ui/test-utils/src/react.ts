/**
 * Testing Library for React, through this package: the front ends depend on @jobboard/test-utils
 * for their tests, not on each testing library.
 */
export * from '@testing-library/react';
