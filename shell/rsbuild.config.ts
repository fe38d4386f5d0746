import { createAppConfig } from '@jobboard/shared-ui/build';

// The host: it exposes nothing; its routes come from the live remotes at run time.
export default createAppConfig({ name: 'shell', root: import.meta.dirname });
