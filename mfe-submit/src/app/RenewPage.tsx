import { RenewDone } from '../features/renewal/components/RenewDone';
import { RenewPanel } from '../features/renewal/components/RenewPanel';
import { LinkPages } from '../lib/LinkPages';

/** /renew/{token} and /renew/{token}/done (the shell mounts /renew/:token/*). */
export default function RenewPage() {
  return (
    <LinkPages
      index={(token) => <RenewPanel token={token} />}
      steps={{ done: (token) => <RenewDone token={token} /> }}
    />
  );
}
