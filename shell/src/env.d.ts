/** The build's version (`dev` under the dev server), set by the shared build configuration. */
declare const __APP_VERSION__: string;
