import { PageContainer, RemoteRoot, Stack } from '@jobboard/shared-ui';
import { useState } from 'react';
import styled from 'styled-components';
import { HowItWorks } from '../features/submission/components/HowItWorks';
import { Pricing } from '../features/submission/components/Pricing';
import { SubmissionSuccess } from '../features/submission/components/SubmissionSuccess';
import { SubmitJobForm } from '../features/submission/components/SubmitJobForm';
import { SUBMIT_TEXT } from '../features/submission/messages';

/** /submit-job: how it works, pricing, the form, then the confirmation. */
export default function SubmitJobPage() {
  const [submittedBy, setSubmittedBy] = useState<string | null>(null);
  return (
    <RemoteRoot name="mfe_submit" version={__APP_VERSION__}>
      <Stack as={Page} $gap="lg">
        {submittedBy ? (
          <SubmissionSuccess email={submittedBy} />
        ) : (
          <>
            <h1>{SUBMIT_TEXT.title}</h1>
            <HowItWorks />
            <Pricing />
            <SubmitJobForm
              onSubmitted={(_, email) => {
                setSubmittedBy(email);
                window.scrollTo(0, 0);
              }}
            />
          </>
        )}
      </Stack>
    </RemoteRoot>
  );
}

const Page = styled(PageContainer).attrs({ $width: '52rem' })`
  h1 {
    margin: 0;
  }
`;
