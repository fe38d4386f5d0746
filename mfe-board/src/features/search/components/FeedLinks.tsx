import { feedUrls } from '@jobboard/contract/jobs';
import { VisuallyHidden } from '@jobboard/shared-ui';
import styled from 'styled-components';
import { useAppliedFilter } from '../hooks/applied-filter';
import { SEARCH_TEXT } from '../messages';

/**
 * The feeds of the search on screen (the server's /feed.xml and /feed.json take the board's own
 * query string), for a feed reader: every search can be followed. Plain links, out of the router.
 */
export function FeedLinks() {
  const { filter } = useAppliedFilter();
  const urls = feedUrls(filter);
  return (
    <Follow>
      {SEARCH_TEXT.followSearch}{' '}
      <a href={urls.rss} type="application/rss+xml">
        {SEARCH_TEXT.rssFeed}
        <VisuallyHidden> {SEARCH_TEXT.ofThisSearch}</VisuallyHidden>
      </a>
      {' · '}
      <a href={urls.jsonFeed} type="application/feed+json">
        {SEARCH_TEXT.jsonFeed}
        <VisuallyHidden> {SEARCH_TEXT.ofThisSearch}</VisuallyHidden>
      </a>
    </Follow>
  );
}

const Follow = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  a {
    text-decoration: underline;
  }
`;
