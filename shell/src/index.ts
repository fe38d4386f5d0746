// The async boundary: shared singletons are negotiated before bootstrap (and React) load.
import('./bootstrap');
