import { registerPlugins } from '@module-federation/enhanced/runtime';
import { startAfterPaintPreloads } from './boot/after-paint-preloads';
import { registerRemotesThatShareFirst } from './boot/shares-first';
import { entryIntegrityPlugin } from './federation/integrity';

// Before any remote is registered: each remote's entry is loaded with the hash it was pinned by.
registerPlugins([entryIntegrityPlugin()]);

// The files the first view needs start downloading now, all at once.
startAfterPaintPreloads();
// Before the shared singletons are picked: a remote carrying a newer copy joins the pick.
registerRemotesThatShareFirst();
// The async boundary: shared singletons are negotiated before bootstrap (and React) load. Its
// chunk is named so the build can list it among the files the server preloads (first-view.json).
// Fire and forget: a chunk that fails to load is the browser's unhandled rejection to report,
// and the server-drawn page stays readable.
void import(/* webpackChunkName: "bootstrap" */ './bootstrap');
