/** @jobboard/contract/jobs: a job and its lists, the board's search and its query string, salaries, job pages' structured data, the audit's field changes, label keys, feeds and the sitemap, reports of listings, organisations' pages. */
export * from '../job';
export * from '../workplace';
export * from '../link-checks';
export * from '../job-limits';
export * from '../job-changes';
export * from '../labels';
export * from '../job-form-fields';
export * from '../job-posting';
export * from '../job-stats';
export * from '../channels';
export * from '../search';
export * from '../filter-query';
export * from '../pay';
export * from '../discovery';
export * from '../reports';
export * from '../organizations';
