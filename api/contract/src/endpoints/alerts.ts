/** Job alerts (issue 17; api/src/alerts/): subscribe, then the alert's own links, which work without signing in, and a member's alerts. */
import {
  ALERT_LIMITS,
  ALERT_MESSAGES,
  AlertDataExport,
  AlertDataLinkRequest,
  AlertSubscription,
  AlertTokenParams,
  AlertUnsubscribeQuery,
  AlertUpdate,
  AlertView,
  MemberAlerts,
} from '../alerts';
import { type Endpoint, Message } from '../endpoint';
import { byId } from './params';

const alertToken = {
  params: AlertTokenParams,
  notFound: { token: ALERT_MESSAGES.linkInvalid },
} as const;
export const subscribeAlert = {
  method: 'POST',
  path: '/api/alerts',
  summary:
    'Follow a board search by e-mail: sends the confirmation link (double opt-in) and answers what to do next.',
  body: AlertSubscription,
  humanProof: 'body',
  status: 201,
  response: Message,
} as const satisfies Endpoint;
/** A POST, not a GET: a mail scanner that opens the link does not confirm for the reader. */
export const confirmAlert = {
  method: 'POST',
  path: '/api/alerts/:token/confirm',
  summary: `The confirmation link of an alert: the alert starts. Works once, for ${ALERT_LIMITS.confirmHours} hours.`,
  params: AlertTokenParams,
  notFound: { token: ALERT_MESSAGES.confirmInvalid },
  response: AlertView,
} as const satisfies Endpoint;
export const alert = {
  method: 'GET',
  path: '/api/alerts/:token',
  summary: 'An alert as its manage page shows it, by the token of its links.',
  ...alertToken,
  response: AlertView,
} as const satisfies Endpoint;
export const updateAlert = {
  method: 'PUT',
  path: '/api/alerts/:token',
  summary: 'Change how often an alert sends (daily or weekly).',
  ...alertToken,
  body: AlertUpdate,
  response: AlertView,
} as const satisfies Endpoint;
export const unsubscribeAlert = {
  method: 'POST',
  path: '/api/alerts/:token/unsubscribe',
  summary: 'Stop an alert (the unsubscribe and manage pages).',
  ...alertToken,
  response: AlertView,
} as const satisfies Endpoint;
/**
 * 'Download my data' from an alert's link: since issue 43 only that one alert (a link forwarded
 * with an e-mail reached every alert of the address).
 * @deprecated Removed in contract 2.0: an address's data is reached through a data link e-mailed
 * to it (`requestAlertDataLink`, then `dataLinkExport`).
 */
export const alertDataExport = {
  method: 'POST',
  path: '/api/alerts/:token/data',
  summary:
    "Deprecated: the link's one alert as JSON, as a data export holds it (a POST, never a GET). An address's data: `POST /api/alerts/data-link`.",
  ...alertToken,
  response: AlertDataExport,
} as const satisfies Endpoint;
/**
 * 'Delete my data' from an alert's link: since issue 43 only that one alert.
 * @deprecated Removed in contract 2.0: `requestAlertDataLink`, then `dataLinkDelete`.
 */
export const alertDataDelete = {
  method: 'DELETE',
  path: '/api/alerts/:token/data',
  summary:
    "Deprecated: delete the link's one alert (its links stop working); the address's other alerts and applications stay. An address's data: `POST /api/alerts/data-link`.",
  ...alertToken,
  response: Message,
} as const satisfies Endpoint;
/**
 * 'E-mail me a link' (an alert's pages, /alerts/data): everything of an address (its alerts, its
 * applications, its reports of listings) is reached only through a link e-mailed to that address. The same answer (202)
 * for any address; only one the board keeps something about is sent a link.
 */
export const requestAlertDataLink = {
  method: 'POST',
  path: '/api/alerts/data-link',
  summary: `E-mails a link to download or delete everything of an address (its job alerts, applications and reports of listings; single use, ${ALERT_LIMITS.dataLinkMinutes} minutes) to an address the board keeps something about; the same answer (202) for any address.`,
  body: AlertDataLinkRequest,
  status: 202,
  response: Message,
} as const satisfies Endpoint;
const dataLink = {
  params: AlertTokenParams,
  notFound: { token: ALERT_MESSAGES.dataLinkInvalid },
} as const;
/** A POST (the page's button), never a GET: a mail scanner that opens the link spends nothing. */
export const dataLinkExport = {
  method: 'POST',
  path: '/api/alerts/data/:token',
  summary:
    "Every job alert (any state), application and report of a listing (those still open) of the data link's address as JSON; the link is spent (404 after, 410 once expired).",
  ...dataLink,
  response: AlertDataExport,
} as const satisfies Endpoint;
export const dataLinkDelete = {
  method: 'DELETE',
  path: '/api/alerts/data/:token',
  summary:
    "Delete every job alert (any state) and application of the data link's address, and take the address and note off its reports of listings (the reports stay, still counted); the link is spent.",
  ...dataLink,
  response: Message,
} as const satisfies Endpoint;
/**
 * The `List-Unsubscribe` URL of every alert e-mail: the unsubscribe page's own address, where a
 * GET shows the page and a mail client's POST (`List-Unsubscribe=One-Click`, RFC 8058, a form
 * body that is not read) unsubscribes at once.
 */
export const unsubscribeAlertOneClick = {
  method: 'POST',
  path: '/alerts/unsubscribe',
  summary:
    "RFC 8058 one-click unsubscribe: each alert e-mail's `List-Unsubscribe` URL, one request (a GET of it is the unsubscribe page, which changes nothing until its button is pressed).",
  querystring: AlertUnsubscribeQuery,
  response: Message,
} as const satisfies Endpoint;
/** The alerts (issue 17) sent to the signed-in member's address, which they may remove. */
export const memberAlerts = {
  method: 'GET',
  path: '/api/members/alerts',
  summary: "The job alerts of the member's address, pending and confirmed, newest first.",
  response: MemberAlerts,
} as const satisfies Endpoint;
export const removeMemberAlert = {
  method: 'DELETE',
  path: '/api/members/alerts/:id',
  summary: "Unsubscribe one of the member's alerts.",
  ...byId(ALERT_MESSAGES.memberAlertNotFound),
  response: Message,
} as const satisfies Endpoint;
