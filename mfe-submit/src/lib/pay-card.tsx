import { ApiError, Card, errorMessage } from '@jobboard/shared-ui';
import { Link } from '@jobboard/shared-ui/router';
import type { ReactNode } from 'react';
import styled from 'styled-components';

/**
 * The pay and renewal pages' parts of their card: a notice (payments not set up), the small
 * print, and the card of a link that cannot be used.
 */
export const Notice = styled.p`
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.featuredSoft};
`;

export const Small = styled.p`
  margin-top: ${({ theme }) => theme.space.lg};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

/** What the API answers for a link: 404, no such link; 410, a link that no longer works. */
type LinkRefusal = 404 | 410;

const refusalOf = (error: unknown): LinkRefusal | undefined =>
  error instanceof ApiError && (error.status === 404 || error.status === 410)
    ? error.status
    : undefined;

/**
 * A pay or renewal link that cannot be used, or a page that could not load: why (`explain` for
 * what the API answered of the link; otherwise its message, or that the page could not load),
 * any way on the page offers (`more`), and the way back to the board.
 */
export function DeadLinkCard({
  title,
  error,
  explain,
  more,
}: {
  title: string;
  error: unknown;
  explain(refusal: LinkRefusal): string;
  more?(refusal: LinkRefusal | undefined): ReactNode;
}) {
  const refusal = refusalOf(error);
  return (
    <Card role="alert">
      <h1>{title}</h1>
      <p>
        {refusal
          ? explain(refusal)
          : errorMessage(error, 'This page could not be loaded. Please try again.')}
      </p>
      {more?.(refusal)}
      <Link to="/">Return to Job Board</Link>
    </Card>
  );
}
