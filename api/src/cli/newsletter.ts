import { NewsletterSendRequest } from '@jobboard/contract/admin';
import { validate, type StructError } from 'superstruct';
import { buildApp } from '../app';
import { oneRunConfig, requireCurrentSchema } from './commands';

/** `jobboard newsletter draft`'s options, as typed. */
export interface DraftOptions {
  from?: string;
  to?: string;
  intro?: string;
}

/**
 * `jobboard newsletter draft`: the block of a range (by default the last 7 days) sent to the
 * publication's Ghost as a draft post and recorded, as the newsletter page's button does
 * (docs/product.md#newsletter). A cron job running it weekly is a schedule of its own; the
 * servers' schedule (set on /admin/newsletter) is separate and never makes a second draft of its
 * week because of it. Refusals (a bad date, nothing to send, Ghost refusing the key) are thrown
 * with the contract's words.
 */
export async function newsletterDraft(options: DraftOptions): Promise<string[]> {
  const [invalid, request] = validate(
    Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)),
    NewsletterSendRequest,
  );
  if (invalid) throw new Error(fieldsOf(invalid));
  // One draft, no background loops: this command sends it, then stops.
  const config = oneRunConfig();
  config.logoFetch = false;
  const app = await buildApp({ config });
  try {
    await requireCurrentSchema(app.db);
    await app.ready();
    const issue = await app.newsletter.send(request, 'command line', app.now());
    const promised = issue.promisedJobIds.length;
    return [
      `Newsletter draft made in Ghost: "${issue.title}", ${issue.jobIds.length} job(s), ${promised} of them listing(s) that bought the newsletter.`,
      `Open it in Ghost to check it and send it: ${issue.ghostEditUrl}`,
    ];
  } finally {
    await app.close();
  }
}

/** What is wrong with the options, in the contract's words (`--from: ...`). */
function fieldsOf(error: StructError): string {
  return error
    .failures()
    .map((failure) => `--${failure.path.join('.') || failure.key}: ${failure.message}`)
    .join('\n');
}
