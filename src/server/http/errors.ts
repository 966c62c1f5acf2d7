// Errors the API answers with. They carry message keys, not text: the error handler renders them
// in the caller's language.

export interface FieldMessage {
  key: string;
  vars?: Record<string, string | number>;
  /** Vars holding a field name of this resource, shown as the field's label ("Must not be more than Amount"). */
  labels?: { resource: string; vars: readonly string[] };
}
export type FieldErrors = Record<string, FieldMessage[]>;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly key: string,
    readonly vars?: Record<string, string | number>,
    readonly fields?: FieldErrors,
  ) {
    super(key);
  }
}

export const notFound = () => new ApiError(404, 'errors.notFound');
export const unauthenticated = () => new ApiError(401, 'errors.unauthenticated');
export const forbidden = () => new ApiError(403, 'errors.forbidden');
export const tenantNotRegistered = () => new ApiError(418, 'errors.tenantNotRegistered');
export const tenantSuspended = () => new ApiError(417, 'errors.tenantSuspended');
export const badQuery = (fields: FieldErrors) => new ApiError(422, 'errors.badQuery', undefined, fields);

export function invalid(fields: FieldErrors): ApiError {
  return new ApiError(422, 'errors.validation', undefined, fields);
}

/** A 422 with a single field message. */
export function invalidField(field: string, key: string, vars?: Record<string, string | number>): ApiError {
  return invalid({ [field]: [{ key, vars }] });
}
