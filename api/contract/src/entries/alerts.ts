/** @jobboard/contract/alerts: job alerts (subscribe, confirm, manage, unsubscribe). */
export * from '../alerts';
