import { LEGAL_LINK_TEXTS, legalPage } from '@jobboard/contract/site';
import { Link } from '@jobboard/shared-ui/router';
import styled from 'styled-components';

const page = (slug: 'privacy' | 'terms' | 'refunds') => {
  const { path, title } = legalPage(slug);
  return <Link to={path}>{title.toLowerCase()}</Link>;
};

/** Under the submission form: what submitting agrees to (docs/product.md#legal-pages). */
export function SubmissionAgreement() {
  return (
    <Small>
      {LEGAL_LINK_TEXTS.submissionAgreement} {page('terms')} {LEGAL_LINK_TEXTS.and}{' '}
      {page('privacy')}.
    </Small>
  );
}

/** On the pay page: where the refund policy is. */
export function RefundPolicyLink() {
  return (
    <Small>
      {LEGAL_LINK_TEXTS.payRefunds} {page('refunds')}.
    </Small>
  );
}

const Small = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;
