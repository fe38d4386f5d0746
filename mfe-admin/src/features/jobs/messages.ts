/** Texts of the admin job screens (SPEC.md 5 and 8). */
export const JOB_MESSAGES = {
  deleteConfirm: 'Are you sure you want to delete this job?',
  deleted: 'Job deleted successfully',
  deleteFailed: 'Failed to delete job',
  refreshed: 'Jobs refreshed from the external database',
  refreshFailed: 'Failed to refresh jobs',
  fetchFailed: 'Failed to fetch job',
  created: 'Job created successfully',
  updated: 'Job updated successfully',
  saveFailed: 'Failed to save job',
  createFailed: 'Failed to create job',
  updateFailed: 'Failed to update job',
} as const;
