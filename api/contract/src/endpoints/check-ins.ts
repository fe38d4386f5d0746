/** "Still hiring?" check-ins (issue 45; api/src/check-ins/): the e-mail's one-press page. */
import { CheckInAnswered, CheckInReply, CheckInView } from '../check-ins';
import { type Endpoint, PayLinkParams } from '../endpoint';

/** The page's read: a GET changes nothing, so a mail scanner that opens the link answers nothing. */
export const checkIn = {
  method: 'GET',
  path: '/api/check-ins/:token',
  summary:
    "What a check-in link's page asks about: the listing and when it was asked; 404 for a link that names no check-in, 410 once it is answered, replaced by a newer check-in or its listing is off the board.",
  params: PayLinkParams,
  response: CheckInView,
} as const satisfies Endpoint;
/** The page's button. */
export const answerCheckIn = {
  method: 'POST',
  path: '/api/check-ins/:token',
  summary:
    'Records the answer, once: open keeps the listing on the board, confirmed; filled takes it off as the employer\'s "Mark filled" does. 404 and 410 as the page\'s read.',
  params: PayLinkParams,
  body: CheckInReply,
  response: CheckInAnswered,
} as const satisfies Endpoint;
