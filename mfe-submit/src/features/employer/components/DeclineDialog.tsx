import {
  fillDeclineTemplate,
  type InboxApplication,
  type InboxJob,
} from '@jobboard/contract/applications';
import { Button, Cluster, Modal, Spinner, Stack, errorMessage, toast } from '@jobboard/shared-ui';
import { Form } from 'react-final-form';
import styled from 'styled-components';
import { useSWRConfig } from 'swr';
import { failedSend } from '../../../lib/job-fields';
import { declineApplication, saveSettings, settingsKey, useInboxSettings } from '../api/inbox';
import { INBOX_TEXT } from '../messages';
import { DeclineTemplateFields, settingsErrors, withTemplate } from '../settings-form';

interface DeclineValues {
  declineSubject: string;
  declineBody: string;
}

/**
 * The decline: the employer's template (the board's until they edit it), editable, with the
 * e-mail as this applicant will get it beside it. Sent, the template is kept for the next
 * declines, and the application is declined with its e-mail queued, once.
 */
export function DeclineDialog({
  application: a,
  job,
  onClose,
  onDeclined,
}: {
  application: InboxApplication;
  job: InboxJob;
  onClose(): void;
  onDeclined(): Promise<void>;
}) {
  const { data: settings, error } = useInboxSettings();
  const { mutate } = useSWRConfig();
  const fill = (template: string) =>
    fillDeclineTemplate(template, {
      name: a.name,
      title: job.title,
      organization: job.organization,
    });

  const onSubmit = async (values: DeclineValues) => {
    try {
      if (
        values.declineSubject !== settings?.declineSubject ||
        values.declineBody !== settings?.declineBody
      ) {
        await mutate(settingsKey, await saveSettings(withTemplate(values)), {
          revalidate: false,
        });
      }
      const { message } = await declineApplication(a.id);
      toast({ title: message, variant: 'success' });
    } catch (failure) {
      return failedSend(failure, errorMessage(failure, INBOX_TEXT.loadFailed));
    }
    onClose();
    await onDeclined();
    return undefined;
  };

  return (
    <Modal open onClose={onClose} title={INBOX_TEXT.declineOf(a.name)}>
      {error ? (
        <p role="alert">{errorMessage(error, INBOX_TEXT.loadFailed)}</p>
      ) : !settings ? (
        <Spinner label={INBOX_TEXT.declineOf(a.name)} />
      ) : (
        <Form<DeclineValues>
          onSubmit={onSubmit}
          validate={settingsErrors}
          initialValues={{
            declineSubject: settings.declineSubject,
            declineBody: settings.declineBody,
          }}
        >
          {({ handleSubmit, submitting, submitError, values }) => (
            <Stack as="form" $gap="md" onSubmit={handleSubmit} noValidate>
              <p>{INBOX_TEXT.declineIntro}</p>
              <DeclineTemplateFields />
              <Preview aria-label={INBOX_TEXT.preview}>
                <h3>{INBOX_TEXT.preview}</h3>
                <p>
                  <strong>{fill(values.declineSubject ?? '')}</strong>
                </p>
                <Body>{fill(values.declineBody ?? '')}</Body>
              </Preview>
              {submitError && <p role="alert">{String(submitError)}</p>}
              <Cluster>
                <Button type="submit" disabled={submitting}>
                  {submitting ? INBOX_TEXT.saving : INBOX_TEXT.sendDecline}
                </Button>
                <Button type="button" $variant="secondary" onClick={onClose}>
                  {INBOX_TEXT.cancel}
                </Button>
              </Cluster>
            </Stack>
          )}
        </Form>
      )}
    </Modal>
  );
}

const Preview = styled.section`
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  h3 {
    margin: 0 0 ${({ theme }) => theme.space.sm};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
  p {
    margin: 0 0 ${({ theme }) => theme.space.sm};
  }
`;

const Body = styled.p`
  white-space: pre-wrap;
`;
