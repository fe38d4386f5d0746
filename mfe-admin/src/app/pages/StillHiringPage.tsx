import { CHECK_IN_MESSAGES } from '@jobboard/contract/employer';
import { Stack } from '@jobboard/shared-ui';
import { CheckInSettings } from '../../features/check-ins/components/CheckInSettings';
import { UnansweredCount } from '../../features/check-ins/components/UnansweredCount';
import { PageHeader } from '../../lib/ui';

/**
 * /admin/still-hiring (issue 45): the still-hiring check-ins' settings, and how many listings have
 * one unanswered, with the way to them on the jobs list (its filter).
 */
export default function StillHiringPage() {
  return (
    <Stack $gap="lg">
      <PageHeader>
        <div>
          <h1>{CHECK_IN_MESSAGES.settingsTitle}</h1>
          <p>{CHECK_IN_MESSAGES.settingsIntro}</p>
        </div>
      </PageHeader>
      <UnansweredCount />
      <CheckInSettings />
    </Stack>
  );
}
