/**
 * The router for rendering on the server (the shell's server entry): a router fixed at the
 * request's address. From the same react-router-dom as `./router`, so it provides the one router
 * context the pages read.
 */
export { StaticRouter } from 'react-router-dom';
