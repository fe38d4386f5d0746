import { createAppConfig } from '@jobboard/build-config';
import { ROUTES } from './src/routes';

// What the app exposes and whether the server draws it come from its routes (src/routes.ts).
export default createAppConfig({ name: 'mfe_admin', root: import.meta.dirname, routes: ROUTES });
