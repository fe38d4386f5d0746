/**
 * Testing Library for React, through this package: the front ends depend on @jobboard/test-utils
 * for their tests, not on each testing library. Named one by one, so this entry's API report says
 * what the front ends' tests may use (add a name here when a test needs it).
 */
export {
  act,
  cleanup,
  fireEvent,
  render,
  renderHook,
  screen,
  waitFor,
  waitForElementToBeRemoved,
  within,
  type RenderHookResult,
  type RenderOptions,
  type RenderResult,
} from '@testing-library/react';
