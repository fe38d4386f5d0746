import {
  APPLICATION_NOTIFY,
  APPLICATION_NOTIFY_LABELS,
  INBOX_MESSAGES,
  type ApplicationSettings,
} from '@jobboard/contract/applications';
import { Button, Stack, errorMessage, toast } from '@jobboard/shared-ui';
import { RadioGroup } from '@jobboard/shared-ui/forms';
import { Form } from 'react-final-form';
import styled from 'styled-components';
import { failedSend } from '../../../lib/job-fields';
import { saveSettings, useInboxSettings } from '../api/inbox';
import { INBOX_TEXT } from '../messages';
import { DeclineTemplateFields, settingsErrors, withTemplate } from '../settings-form';

/**
 * The inbox's settings, one for all the employer's listings: an e-mail for each application or
 * one a day listing the new ones, and the decline e-mail's template.
 */
export function InboxSettings() {
  const { data, mutate } = useInboxSettings();
  const onSubmit = async (values: ApplicationSettings) => {
    try {
      await mutate(await saveSettings(withTemplate(values)), { revalidate: false });
    } catch (failure) {
      return failedSend(failure, errorMessage(failure, INBOX_TEXT.loadFailed));
    }
    toast({ title: INBOX_MESSAGES.settingsSaved, variant: 'success' });
    return undefined;
  };
  return (
    <Panel>
      <summary>{INBOX_TEXT.settings}</summary>
      {data && (
        <Form<ApplicationSettings>
          onSubmit={onSubmit}
          validate={settingsErrors}
          initialValues={data}
        >
          {({ handleSubmit, submitting, submitError }) => (
            <Stack
              as="form"
              $gap="md"
              onSubmit={handleSubmit}
              noValidate
              aria-label={INBOX_TEXT.settings}
            >
              <RadioGroup
                name="notify"
                legend={INBOX_TEXT.notify}
                options={APPLICATION_NOTIFY.map((notify) => ({
                  value: notify,
                  label: APPLICATION_NOTIFY_LABELS[notify],
                }))}
              />
              <DeclineTemplateFields />
              {submitError && <p role="alert">{String(submitError)}</p>}
              <div>
                <Button type="submit" disabled={submitting}>
                  {submitting ? INBOX_TEXT.saving : INBOX_TEXT.saveSettings}
                </Button>
              </div>
            </Stack>
          )}
        </Form>
      )}
    </Panel>
  );
}

const Panel = styled.details`
  summary {
    cursor: pointer;
    font-weight: 600;
    margin-bottom: ${({ theme }) => theme.space.sm};
  }
`;
