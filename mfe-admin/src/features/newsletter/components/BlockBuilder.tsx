import {
  NEWSLETTER_MESSAGES,
  type NewsletterBlock,
  type NewsletterIssue,
} from '@jobboard/contract/admin';
import {
  Button,
  Card,
  CardTitle,
  Cluster,
  Notice,
  Stack,
  TextArea,
  TextField,
  errorMessage,
} from '@jobboard/shared-ui';
import { useState } from 'react';
import styled from 'styled-components';
import { previewNewsletter, sendNewsletter } from '../api/newsletter';
import { NEWSLETTER_TEXT } from '../messages';

interface BlockForm {
  from: string;
  to: string;
  intro: string;
}

/**
 * The week's block: its range (the last 7 days to begin with) and intro, 'Preview' (the exact
 * HTML the send makes, drawn in a sandboxed frame and shown as source), then 'Send to Ghost as a
 * draft', which sends the preview's digest: a block that changed since is refused, and the form
 * changed since is previewed again first.
 */
export function BlockBuilder({
  range,
  canSend,
  onSent,
}: {
  range: { from: string; to: string };
  /** Ghost's Admin API key is set. */
  canSend: boolean;
  onSent(issue: NewsletterIssue): void;
}) {
  const [form, setForm] = useState<BlockForm>({ ...range, intro: '' });
  const [previewed, setPreviewed] = useState<{ form: BlockForm; block: NewsletterBlock } | null>(
    null,
  );
  const [busy, setBusy] = useState<'preview' | 'send' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState<NewsletterIssue | null>(null);
  const change = (field: keyof BlockForm) => (value: string) =>
    setForm((current) => ({ ...current, [field]: value }));
  const stale = previewed !== null && JSON.stringify(previewed.form) !== JSON.stringify(form);

  const requestOf = (of: BlockForm) => ({
    from: of.from,
    to: of.to,
    ...(of.intro.trim() ? { intro: of.intro } : {}),
  });

  const preview = async () => {
    setBusy('preview');
    setProblem(null);
    setSent(null);
    try {
      setPreviewed({ form, block: await previewNewsletter(requestOf(form)) });
    } catch (failure) {
      setPreviewed(null);
      setProblem(errorMessage(failure, NEWSLETTER_TEXT.previewFailed));
    } finally {
      setBusy(null);
    }
  };

  const send = async () => {
    if (!previewed || stale) return;
    setBusy('send');
    setProblem(null);
    try {
      const issue = await sendNewsletter({
        ...requestOf(previewed.form),
        digest: previewed.block.digest,
      });
      setSent(issue);
      setPreviewed(null);
      onSent(issue);
    } catch (failure) {
      setProblem(errorMessage(failure, NEWSLETTER_TEXT.sendFailed));
    } finally {
      setBusy(null);
    }
  };

  const block = previewed?.block;
  return (
    <Card aria-labelledby="newsletter-block">
      <CardTitle id="newsletter-block">{NEWSLETTER_TEXT.block}</CardTitle>
      <Stack $gap="md">
        <Cluster>
          <TextField
            type="date"
            label={NEWSLETTER_TEXT.from}
            value={form.from}
            onChange={(event) => change('from')(event.target.value)}
          />
          <TextField
            type="date"
            label={NEWSLETTER_TEXT.to}
            value={form.to}
            onChange={(event) => change('to')(event.target.value)}
          />
        </Cluster>
        <TextArea
          label={NEWSLETTER_TEXT.intro}
          hint={NEWSLETTER_TEXT.introHint}
          rows={3}
          value={form.intro}
          onChange={(event) => change('intro')(event.target.value)}
        />
        <Cluster>
          <Button onClick={() => void preview()} disabled={busy !== null}>
            {busy === 'preview' ? NEWSLETTER_TEXT.previewing : NEWSLETTER_TEXT.preview}
          </Button>
        </Cluster>
        {problem && (
          <Notice $tone="danger" role="alert">
            <p>{problem}</p>
          </Notice>
        )}
        {sent && (
          <Notice role="status">
            <p>{NEWSLETTER_MESSAGES.sent}</p>
            <a href={sent.ghostEditUrl} target="_blank" rel="noreferrer">
              {NEWSLETTER_TEXT.openDraft}
            </a>
          </Notice>
        )}
        {block && (
          <Stack as="section" $gap="sm" aria-labelledby="newsletter-preview">
            <h3 id="newsletter-preview">{NEWSLETTER_TEXT.previewHeading}</h3>
            <p>{NEWSLETTER_TEXT.postTitle(block.title)}</p>
            <p>
              {NEWSLETTER_TEXT.counts(
                block.jobs.length,
                block.jobs.filter((job) => job.promised).length,
              )}
            </p>
            {block.leftOut > 0 && <p>{NEWSLETTER_MESSAGES.leftOut(block.leftOut)}</p>}
            {block.jobs.length === 0 && <p>{NEWSLETTER_MESSAGES.noJobs}</p>}
            {stale && (
              <Notice role="status">
                <p>{NEWSLETTER_TEXT.stale}</p>
              </Notice>
            )}
            <Frame title={NEWSLETTER_TEXT.frame} sandbox="" srcDoc={block.html} />
            <details>
              <summary>{NEWSLETTER_TEXT.html}</summary>
              <Source aria-label={NEWSLETTER_TEXT.html}>{block.html}</Source>
            </details>
            <Cluster>
              <Button
                onClick={() => void send()}
                disabled={!canSend || stale || busy !== null || block.jobs.length === 0}
              >
                {busy === 'send' ? NEWSLETTER_TEXT.sending : NEWSLETTER_TEXT.send}
              </Button>
            </Cluster>
            {!canSend && <p>{NEWSLETTER_MESSAGES.notConfigured}</p>}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

const Frame = styled.iframe`
  width: 100%;
  min-height: 28rem;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
`;

const Source = styled.pre`
  max-height: 20rem;
  overflow: auto;
  white-space: pre-wrap;
  word-break: break-word;
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;
