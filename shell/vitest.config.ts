import { createVitestConfig } from '@jobboard/test-utils/vitest';
import { mergeConfig } from 'vitest/config';

// What the build defines for the shell alone (shared-ui/build-config/src/index.ts): its tests see what a
// shell built from this checkout provides at the shared-ui version the tests name.
export default mergeConfig(createVitestConfig(), {
  define: {
    __SHELL_PROVIDES__: JSON.stringify({ react: '19.3.1', '@jobboard/shared-ui': '1.1.0' }),
  },
});
