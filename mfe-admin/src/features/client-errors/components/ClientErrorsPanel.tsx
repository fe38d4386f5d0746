import { Panel } from '@jobboard/shared-ui';
import styled from 'styled-components';
import { useClientErrors } from '../api/client-errors';
import { CLIENT_ERROR_TEXT } from '../messages';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The dashboard's list of what browsers reported about the remotes (issue 27): the counts by kind
 * and app and the latest reports, as the API process that answered has them. Shown only when there
 * is something to show: a quiet dashboard when every page loads.
 */
export function ClientErrorsPanel() {
  const { data } = useClientErrors();
  if (!data?.counts.length) return null;
  return (
    <ErrorsPanel aria-labelledby="client-errors-title">
      <h2 id="client-errors-title">{CLIENT_ERROR_TEXT.heading}</h2>
      <p>{CLIENT_ERROR_TEXT.intro(when(data.since))}</p>
      <table>
        <thead>
          <tr>
            <th scope="col">{CLIENT_ERROR_TEXT.kind}</th>
            <th scope="col">{CLIENT_ERROR_TEXT.app}</th>
            <th scope="col">{CLIENT_ERROR_TEXT.count}</th>
          </tr>
        </thead>
        <tbody>
          {data.counts.map((entry) => (
            <tr key={`${entry.kind} ${entry.app}`}>
              <td>{CLIENT_ERROR_TEXT.kinds[entry.kind]}</td>
              <td>{entry.app}</td>
              <td>{entry.count.toLocaleString('en-US')}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <details>
        <summary>{CLIENT_ERROR_TEXT.latestHeading}</summary>
        <table>
          <thead>
            <tr>
              <th scope="col">{CLIENT_ERROR_TEXT.when}</th>
              <th scope="col">{CLIENT_ERROR_TEXT.app}</th>
              <th scope="col">{CLIENT_ERROR_TEXT.version}</th>
              <th scope="col">{CLIENT_ERROR_TEXT.message}</th>
            </tr>
          </thead>
          <tbody>
            {data.latest.map((entry, index) => (
              <tr key={`${entry.receivedAt} ${index}`}>
                <td>{when(entry.receivedAt)}</td>
                <td>{entry.app}</td>
                <td>
                  <Code>{entry.version}</Code>
                </td>
                <td>{entry.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </ErrorsPanel>
  );
}

const ErrorsPanel = styled(Panel)`
  margin-bottom: ${({ theme }) => theme.space.lg};
  h2 {
    margin-top: 0;
  }
  table {
    width: 100%;
    border-collapse: collapse;
    margin-bottom: ${({ theme }) => theme.space.md};
  }
  th,
  td {
    text-align: left;
    padding: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.sm};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    overflow-wrap: anywhere;
  }
`;

const Code = styled.code`
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;
