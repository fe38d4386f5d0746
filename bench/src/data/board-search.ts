/**
 * A board search's body as POST /api/jobs/search takes it: the board's defaults (every filter
 * off, newest first, the first page of 10), with `filter` over them. The load sections send these.
 */
export const boardSearchBody = (filter: Record<string, unknown>) =>
  JSON.stringify({
    query: '',
    jobType: { fullTime: false, partTime: false, contract: false, remote: false },
    experience: { entry: false, mid: false, senior: false },
    salaryRange: 'any',
    location: 'any',
    category: [],
    sortOption: 'recent',
    page: 1,
    pageSize: 10,
    ...filter,
  });
