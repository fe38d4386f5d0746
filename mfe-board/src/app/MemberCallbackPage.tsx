import { RemoteRoot } from './RemoteRoot';

export default function MemberCallbackPage() {
  return (
    <RemoteRoot>
      <h1>Signing you in</h1>
    </RemoteRoot>
  );
}
