import { createAppConfig } from '@jobboard/shared-ui/build';

export default createAppConfig({
  name: 'shell',
  root: import.meta.dirname,
  server: './src/server.tsx',
});
