import { TwoFactorSettings } from '../../features/security/components/TwoFactorSettings';

export default function SecurityPage() {
  return <TwoFactorSettings />;
}
