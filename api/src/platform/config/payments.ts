/** Stripe Checkout (platform/config.ts): STRIPE_SECRET_KEY and what goes with it. */
import {
  parseStripeApiUrl,
  parseStripeKey,
  parseTimeout,
  parseWebhookSecret,
} from '../config-values';
import type { Read } from './env';

export interface StripeConfig {
  secretKey: string;
  /** Signing secret of the webhook endpoint; without it no webhook is accepted. */
  webhookSecret: string | null;
  /** Another API host for the official SDK (tests point it at a local fake). */
  api: { protocol: 'http' | 'https'; host: string; port: number } | null;
  /** STRIPE_TIMEOUT_SECONDS: how long one request to Stripe may take (it is tried twice). */
  timeoutSeconds: number;
}

/** Stripe's settings; null when STRIPE_SECRET_KEY is not set. */
export function readStripe(read: Read): StripeConfig | null {
  const stripeKey = read('STRIPE_SECRET_KEY', parseStripeKey, '');
  const stripeWebhookSecret = read('STRIPE_WEBHOOK_SECRET', parseWebhookSecret, '');
  const stripeApi = read('STRIPE_API_URL', parseStripeApiUrl, null);
  const stripeTimeoutSeconds = read('STRIPE_TIMEOUT_SECONDS', parseTimeout, 8);
  return stripeKey
    ? {
        secretKey: stripeKey,
        webhookSecret: stripeWebhookSecret || null,
        api: stripeApi,
        timeoutSeconds: stripeTimeoutSeconds,
      }
    : null;
}
