import { createAppConfig } from '@jobboard/build-config';

// What the app exposes and whether the server draws it: the APPS table (api/contract/src/remotes.ts).
export default createAppConfig({ name: 'mfe_admin', root: import.meta.dirname });
