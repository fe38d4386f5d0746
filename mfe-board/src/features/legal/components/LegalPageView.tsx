import { isoDate } from '@jobboard/contract/common';
import type { LegalPageSlug } from '@jobboard/contract/site';
import { formatUsDate, Notice, Spinner } from '@jobboard/shared-ui';
import styled from 'styled-components';
import { useLegalPage } from '../api/get-legal-page';
import { LEGAL_MESSAGES } from '../messages';

/**
 * A legal page: the publication's Markdown, rendered to HTML by the API with raw HTML turned off
 * (api/src/legal/legal-pages.ts), so the text can be shown as it comes.
 */
export function LegalPageView({ slug }: { slug: LegalPageSlug }) {
  const { data, error } = useLegalPage(slug);
  if (error && !data) return <Notice $tone="danger">{LEGAL_MESSAGES.failed}</Notice>;
  if (!data) return <Spinner label={LEGAL_MESSAGES.loading} />;
  const updated = isoDate(new Date(data.updatedAt));
  return (
    <Article aria-labelledby="legal-title">
      <h1 id="legal-title">{data.title}</h1>
      <Updated>
        {LEGAL_MESSAGES.updated} <time dateTime={updated}>{formatUsDate(updated)}</time>
      </Updated>
      <div dangerouslySetInnerHTML={{ __html: data.html }} />
    </Article>
  );
}

const Article = styled.article`
  line-height: 1.6;
  h1 {
    margin-bottom: ${({ theme }) => theme.space.xs};
  }
  h2 {
    margin-top: ${({ theme }) => theme.space.xl};
  }
  li + li {
    margin-top: ${({ theme }) => theme.space.xs};
  }
`;

const Updated = styled.p`
  margin-top: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;
