import { RemoteRoot } from './RemoteRoot';

export default function BookmarksPage() {
  return (
    <RemoteRoot>
      <h1>My Bookmarks</h1>
    </RemoteRoot>
  );
}
