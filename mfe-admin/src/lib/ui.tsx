import { Cluster, PageContainer } from '@jobboard/shared-ui';
import styled from 'styled-components';

/** Layout pieces the admin pages share. */
export const Page = PageContainer;

export const PageHeader = styled(Cluster).attrs({ $gap: 'md', $spread: true })`
  margin-bottom: ${({ theme }) => theme.space.lg};
  h1 {
    margin: 0;
  }
  p {
    margin: ${({ theme }) => theme.space.xs} 0 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

export const Actions = Cluster;
