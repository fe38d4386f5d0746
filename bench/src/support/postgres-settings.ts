/**
 * PostgreSQL as it would be set up on this machine for the board (its defaults are sized for a
 * 128 MB box): the 100,000-job database (about 400 MB) fits in its buffers, and index reads are
 * priced for memory and SSDs rather than spinning disks. The report names these settings.
 */
export const POSTGRES_SETTINGS = {
  shared_buffers: '2GB',
  effective_cache_size: '12GB',
  work_mem: '16MB',
  random_page_cost: '1.1',
};
