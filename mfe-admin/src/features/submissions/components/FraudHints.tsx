import { FRAUD_HINT_TEXT, type FraudHint } from '@jobboard/contract/admin';
import { useId } from 'react';
import styled from 'styled-components';
import { CardSection } from './CardSection';

/**
 * What the board noticed about a submission for a closer look (issue 45,
 * docs/product.md#fraud-hints): each hint's level in words, then its reason, both the API's words.
 * A list, so a screen reader says how many there are; the level is written out, its colour only
 * repeats it. No hint refuses anything: the buttons stay as they are.
 */
export function FraudHints({ hints }: { hints: FraudHint[] | undefined }) {
  const headingId = useId();
  // An API older than the hints sends none: nothing to say either way.
  if (!hints) return null;
  return (
    <CardSection as="section" $gap="sm" aria-labelledby={headingId} data-testid="fraud-hints">
      <h3 id={headingId}>{FRAUD_HINT_TEXT.heading}</h3>
      {hints.length === 0 ? (
        <p>{FRAUD_HINT_TEXT.none}</p>
      ) : (
        <>
          <p>{FRAUD_HINT_TEXT.intro}</p>
          <List>
            {hints.map((hint, index) => (
              <Hint key={`${hint.kind}-${index}`} $strong={hint.level === 'strong'}>
                <strong>
                  {/* A level this remote does not know yet is shown as the API names it. */}
                  {FRAUD_HINT_TEXT.levels[hint.level] ?? hint.level}:
                </strong>{' '}
                {hint.reason}
              </Hint>
            ))}
          </List>
        </>
      )}
    </CardSection>
  );
}

const List = styled.ul`
  margin: 0;
  padding-left: ${({ theme }) => theme.space.lg};
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
`;

const Hint = styled.li<{ $strong: boolean }>`
  word-break: break-word;
  strong {
    color: ${({ theme, $strong }) => ($strong ? theme.colors.danger : theme.colors.textMuted)};
  }
`;
