// The async boundary: shared singletons are negotiated before the standalone page loads.
// Fire and forget: a chunk that fails to load is the browser's unhandled rejection to report.
void import('./app/standalone');
