import { RemoteRoot } from './RemoteRoot';

export default function RecentJobsPage() {
  return (
    <RemoteRoot>
      <h1>Job List</h1>
    </RemoteRoot>
  );
}
