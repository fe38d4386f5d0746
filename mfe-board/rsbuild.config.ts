import { createAppConfig } from '@jobboard/shared-ui/build';

export default createAppConfig({
  name: 'mfe_board',
  root: import.meta.dirname,
  server: './src/server.tsx',
  exposes: {
    './BoardPage': './src/app/BoardPage',
    './RecentJobsPage': './src/app/RecentJobsPage',
    './BookmarksPage': './src/app/BookmarksPage',
    './MemberCallbackPage': './src/app/MemberCallbackPage',
  },
});
