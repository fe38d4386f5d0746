/** Testing Library's user-event, through this package (see react.ts). */
export { default, userEvent } from '@testing-library/user-event';
export type * from '@testing-library/user-event';
