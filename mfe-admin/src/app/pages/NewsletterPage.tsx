import { Notice, Spinner, Stack, errorMessage } from '@jobboard/shared-ui';
import { useNewsletterPage } from '../../features/newsletter/api/newsletter';
import { BlockBuilder } from '../../features/newsletter/components/BlockBuilder';
import { IssuesTable } from '../../features/newsletter/components/IssuesTable';
import { ScheduleSection } from '../../features/newsletter/components/ScheduleSection';
import { NEWSLETTER_TEXT } from '../../features/newsletter/messages';
import { PageHeader } from '../../lib/ui';

/**
 * /admin/newsletter (issue 44): the week's jobs block, previewed and sent to the publication's
 * Ghost as a draft; the weekly schedule; the blocks sent. Whether Ghost's Admin API key is set is
 * all the page learns of it.
 */
export default function NewsletterPage() {
  const { data, error, isLoading, mutate } = useNewsletterPage();
  if (isLoading) return <Spinner label={NEWSLETTER_TEXT.loading} />;
  if (error || !data) return <p role="alert">{errorMessage(error, NEWSLETTER_TEXT.loadFailed)}</p>;
  return (
    <>
      <PageHeader>
        <div>
          <h1>{NEWSLETTER_TEXT.title}</h1>
          <p>{NEWSLETTER_TEXT.subtitle}</p>
        </div>
      </PageHeader>
      <Stack $gap="lg">
        <Notice>
          <p>
            {data.ghost.url ? NEWSLETTER_TEXT.ghostAt(data.ghost.url) : NEWSLETTER_TEXT.noGhost}
          </p>
          <p>{NEWSLETTER_TEXT.key(data.ghost.adminKeySet)}</p>
        </Notice>
        <BlockBuilder
          range={{ from: data.from, to: data.to }}
          canSend={data.ghost.adminKeySet}
          onSent={() => void mutate()}
        />
        <ScheduleSection
          schedule={data.schedule}
          onSaved={(schedule) => void mutate({ ...data, schedule }, { revalidate: false })}
        />
        <IssuesTable issues={data.issues} />
      </Stack>
    </>
  );
}
