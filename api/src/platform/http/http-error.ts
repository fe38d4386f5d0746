import type { FieldErrors } from '@jobboard/contract/common';

/** An error with the status and JSON body the client gets (`{ message, field?, fields? }`). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fields?: FieldErrors,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const notFound = (message = 'Not found') => new HttpError(404, message);

/** 400 naming every field at fault: 'title: Job title is required; page: Expected an integer'. */
export function badRequest(fields: FieldErrors): HttpError {
  const message = Object.entries(fields)
    .map(([field, text]) => (field === 'body' ? text : `${field}: ${text}`))
    .join('; ');
  return new HttpError(400, message, fields);
}
