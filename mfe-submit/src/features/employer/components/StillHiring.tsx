import {
  CHECK_IN_ANSWERS,
  CHECK_IN_MESSAGES,
  type CheckInAnswer,
  type CheckInAnswered,
} from '@jobboard/contract/employer';
import { ApiError, Button, Card, Spinner, errorMessage } from '@jobboard/shared-ui';
import { Link, useSearchParams } from '@jobboard/shared-ui/router';
import { useState } from 'react';
import styled from 'styled-components';
import { answerCheckIn, useCheckIn } from '../api/check-in';

const isAnswer = (value: string | null): value is CheckInAnswer =>
  CHECK_IN_ANSWERS.includes(value as CheckInAnswer);

/** A link the API refused (404: it names no check-in; 410: answered, replaced, or off the board). */
const refused = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 410);

/**
 * /employer/still-hiring?answer=open|filled&token=...: a still-hiring check-in's link (issue 45).
 * Opening it only reads (a mail scanner that fetches the link answers nothing): the page asks about
 * the listing, and its one button records the answer the link was for. A link that cannot be
 * answered says why, with the way to the employer's listings.
 */
export function StillHiring() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const answer = params.get('answer');
  const usable = isAnswer(answer) && token !== '';
  const { data, error, isLoading } = useCheckIn(usable ? token : null);
  const [answered, setAnswered] = useState<CheckInAnswered | null>(null);
  const [failure, setFailure] = useState<{ message: string; final: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  if (!usable) return <Unusable message={CHECK_IN_MESSAGES.linkInvalid} />;
  if (answered) {
    return (
      <Card>
        <h1>{CHECK_IN_MESSAGES.thanksTitle}</h1>
        <p role="status">{answered.message}</p>
        <ListingsLink />
      </Card>
    );
  }
  if (isLoading) return <Spinner label={CHECK_IN_MESSAGES.loading} />;
  if (error || !data) {
    return <Unusable message={errorMessage(error, CHECK_IN_MESSAGES.failed)} />;
  }

  const press = async () => {
    setBusy(true);
    setFailure(null);
    try {
      setAnswered(await answerCheckIn(token, answer));
    } catch (caught) {
      setFailure({
        message: errorMessage(caught, CHECK_IN_MESSAGES.failed),
        final: refused(caught),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card>
      <h1>{CHECK_IN_MESSAGES.pageTitle}</h1>
      <p>
        {CHECK_IN_MESSAGES.pageListing(data.title, data.organization, data.askedAt.slice(0, 10))}
      </p>
      {failure && <p role="alert">{failure.message}</p>}
      {failure?.final ? (
        <ListingsLink />
      ) : (
        <>
          <Hint>{CHECK_IN_MESSAGES.pageHint}</Hint>
          <Button onClick={() => void press()} disabled={busy}>
            {answer === 'open' ? CHECK_IN_MESSAGES.pressOpen : CHECK_IN_MESSAGES.pressFilled}
          </Button>
        </>
      )}
    </Card>
  );
}

function Unusable({ message }: { message: string }) {
  return (
    <Card>
      <h1>{CHECK_IN_MESSAGES.pageTitle}</h1>
      <p role="alert">{message}</p>
      <ListingsLink />
    </Card>
  );
}

/** The employer's listings (signing in first when they are not). */
const ListingsLink = () => <Link to="/employer/listings">{CHECK_IN_MESSAGES.allListings}</Link>;

const Hint = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;
