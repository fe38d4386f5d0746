import { createAppConfig } from '@jobboard/build-config';

// The host: it exposes nothing; its routes come from the live remotes at run time.
export default createAppConfig({ name: 'shell', root: import.meta.dirname });
