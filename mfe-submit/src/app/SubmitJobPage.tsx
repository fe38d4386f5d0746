import { RemoteRoot } from './RemoteRoot';

export default function SubmitJobPage() {
  return (
    <RemoteRoot>
      <h1>Submit Your Job for Review</h1>
    </RemoteRoot>
  );
}
