import styled from 'styled-components';
import { useAlertStats } from '../api/alert-stats';

export const ALERT_STATS_TEXT = {
  confirmed: (n: number) =>
    `${n.toLocaleString('en-US')} confirmed job alert${n === 1 ? '' : 's'} (visitors following a search by e-mail)`,
} as const;

/** The dashboard's one line about job alerts; nothing while loading or when it failed. */
export function ConfirmedAlertsCount() {
  const { data } = useAlertStats();
  if (!data) return null;
  return <Line>{ALERT_STATS_TEXT.confirmed(data.confirmed)}</Line>;
}

const Line = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.colors.textMuted};
`;
