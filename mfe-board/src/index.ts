// The async boundary: shared singletons are negotiated before the standalone page loads.
import('./app/standalone');
