/** The build's version (`dev` under the dev server), set by the shared build configuration. */
declare const __APP_VERSION__: string;

/**
 * The shared singletons the shell provides and their versions (the `provides.shared` of its
 * release.json), set by the shared build configuration; the load-time check reads it.
 */
declare const __SHELL_PROVIDES__: Record<string, string>;
