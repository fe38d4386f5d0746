import { CHECK_IN_MESSAGES } from '@jobboard/contract/employer';
import { Link } from '@jobboard/shared-ui/router';
import { useUnansweredCount } from '../api/check-ins';

/** How many listings have an unanswered check-in, and the way to them on the jobs list. */
export function UnansweredCount() {
  const { data: count } = useUnansweredCount();
  if (count === undefined) return null;
  return (
    <p role="status">
      {CHECK_IN_MESSAGES.unansweredCount(count)}{' '}
      {count > 0 && (
        <Link to="/admin/dashboard?checkIn=unanswered">{CHECK_IN_MESSAGES.showUnanswered}</Link>
      )}
    </p>
  );
}
