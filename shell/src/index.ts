// The async boundary: shared singletons are negotiated before bootstrap (and React) load. Its
// chunk is named so the build can list it among the files the server preloads (first-view.json).
import(/* webpackChunkName: "bootstrap" */ './bootstrap');
