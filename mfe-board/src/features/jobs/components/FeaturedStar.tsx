import { VisuallyHidden } from '@jobboard/shared-ui';
import styled from 'styled-components';
import { JOB_TEXT } from '../messages';

/** The star before a featured job's title; screen readers hear 'Featured job:' instead. */
export function FeaturedStar() {
  return (
    <>
      <Star aria-hidden="true">★ </Star>
      <VisuallyHidden>{JOB_TEXT.featured} </VisuallyHidden>
    </>
  );
}

const Star = styled.span`
  color: ${({ theme }) => theme.colors.featured};
`;
