import { createAppConfig } from '@jobboard/shared-ui/build';

export default createAppConfig({
  name: 'mfe_submit',
  root: import.meta.dirname,
  server: './src/server.tsx',
  exposes: {
    './SubmitJobPage': './src/app/SubmitJobPage',
    './PayPage': './src/app/PayPage',
  },
});
