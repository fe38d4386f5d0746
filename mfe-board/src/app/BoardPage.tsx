import { RemoteRoot } from './RemoteRoot';

export default function BoardPage() {
  return (
    <RemoteRoot>
      <h1>Job Opportunities</h1>
    </RemoteRoot>
  );
}
