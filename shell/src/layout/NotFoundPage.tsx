import styled from 'styled-components';
import { useAppReady } from '../app/app-ready';

/** Any path the route table does not know (docs/product.md#routes-and-screens). */
export function NotFoundPage() {
  useAppReady();
  return (
    <Wrap>
      <h1>404 Page Not Found</h1>
      <p>Did you forget to add the page to the router?</p>
    </Wrap>
  );
}

const Wrap = styled.div`
  padding: ${({ theme }) => theme.space.xxl} ${({ theme }) => theme.space.md};
  text-align: center;
`;
