/** Testing Library's user-event, through this package (see react.ts). */
export { default, userEvent, type UserEvent } from '@testing-library/user-event';
