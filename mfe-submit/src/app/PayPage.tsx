import { PayPanel } from '../features/payment/components/PayPanel';
import { PayCancelled, PaySuccess } from '../features/payment/components/PayResult';
import { LinkPages } from '../lib/LinkPages';

/** /pay/{token}, /pay/{token}/success and /pay/{token}/cancel (the shell mounts /pay/:token/*). */
export default function PayPage() {
  return (
    <LinkPages
      index={(token) => <PayPanel token={token} />}
      steps={{
        success: (token) => <PaySuccess token={token} />,
        cancel: (token) => <PayCancelled token={token} />,
      }}
    />
  );
}
