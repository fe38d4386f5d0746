/** @jobboard/contract/applications: how a job takes applications, the applicant's form, the employer's inbox and what is kept of applications (issue 42). */
export * from '../applications';
export * from '../applying';
export * from '../application-inbox';
export * from '../application-upkeep';
