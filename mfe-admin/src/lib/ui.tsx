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

/** A form's fields side by side, as many as fit, each at least `$min` wide. */
export const FormGrid = styled.div<{ $min: string }>`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  grid-template-columns: repeat(auto-fit, minmax(${({ $min }) => $min}, 1fr));
`;
