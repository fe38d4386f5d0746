/** @jobboard/contract/applications: how a job takes applications, the applicant's form and the employer's inbox (issue 42). */
export * from '../applications';
export * from '../applying';
