import { RemoteRoot } from './RemoteRoot';

export default function PayPage() {
  return (
    <RemoteRoot>
      <h1>Pay for your listing</h1>
    </RemoteRoot>
  );
}
