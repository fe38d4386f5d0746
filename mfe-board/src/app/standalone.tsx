import { renderStandalone } from '@jobboard/shared-ui';
import { Route, Routes } from '@jobboard/shared-ui/router';
import AlertsPage from './AlertsPage';
import BoardPage from './BoardPage';
import BookmarksPage from './BookmarksPage';
import MemberCallbackPage from './MemberCallbackPage';
import RecentJobsPage from './RecentJobsPage';

// `pnpm --filter mfe-board dev` without the shell: the same pages at the same paths.
renderStandalone(
  <Routes>
    <Route path="/" element={<BoardPage />} />
    <Route path="/jobs/:id" element={<BoardPage />} />
    <Route path="/job-list" element={<RecentJobsPage />} />
    <Route path="/bookmarks" element={<BookmarksPage />} />
    <Route path="/ghost-callback" element={<MemberCallbackPage />} />
    <Route path="/alerts/confirm" element={<AlertsPage />} />
    <Route path="/alerts/unsubscribe" element={<AlertsPage />} />
    <Route path="/alerts/manage" element={<AlertsPage />} />
  </Routes>,
);
