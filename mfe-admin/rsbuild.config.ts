import { createAppConfig } from '@jobboard/shared-ui/build';

export default createAppConfig({
  name: 'mfe_admin',
  root: import.meta.dirname,
  exposes: {
    './AdminApp': './src/app/AdminApp',
  },
});
