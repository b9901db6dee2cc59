/**
 * Kubernetes Status objects for failures, with the exact codes, reasons and texts of the API
 * server (apiserver-semantics §3.2, §4, §4.7) and of apimachinery's `errors` package.
 */
import { goQuote } from '../fieldpath/format-go-value.js';
import type { ApiFailure, StatusCause, StatusDetails, StatusObject, UndeclaredField } from './types.js';

export function statusFailure(code: number, message: string, reason?: string, details?: StatusDetails): StatusObject {
  return {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message,
    ...(reason ? { reason } : {}),
    ...(details ? { details } : {}),
    code,
  };
}

export function failure(status: StatusObject, warnings: readonly string[] = [], undeclaredFields?: readonly UndeclaredField[]): ApiFailure {
  return { ok: false, code: status.code, status, warnings, ...(undeclaredFields && undeclaredFields.length > 0 ? { undeclaredFields } : {}) };
}

/**
 * 422 as errors.NewGenericServerResponse writes it with no resource and no name: reason Invalid,
 * the generic message and empty details. kube-apiserver answers a JSON patch that does not apply
 * with it, the patch library's own text left out.
 */
export function genericUnprocessable(): StatusObject {
  return statusFailure(422, 'the server rejected our request due to an error in our request', 'Invalid', {});
}

/** 400 BadRequest with a message of its own. */
export function badRequest(message: string): StatusObject {
  return statusFailure(400, message, 'BadRequest');
}

/** 500 from a plain (non-Status) error: empty reason. */
export function internalError(message: string): StatusObject {
  return statusFailure(500, message);
}

/** 404 `deployments.apps "x" not found`. */
export function notFound(group: string, resource: string, name: string): StatusObject {
  const qualified = group ? `${resource}.${group}` : resource;
  return statusFailure(404, `${qualified} ${goQuote(name)} not found`, 'NotFound', { name, ...(group ? { group } : {}), kind: resource });
}

/** 404 for a URL the server does not serve. */
export function resourceNotServed(): StatusObject {
  return statusFailure(404, 'the server could not find the requested resource', 'NotFound', {});
}

/** 409 `deployments.apps "x" already exists`. */
export function alreadyExists(group: string, resource: string, name: string): StatusObject {
  const qualified = group ? `${resource}.${group}` : resource;
  return statusFailure(409, `${qualified} ${goQuote(name)} already exists`, 'AlreadyExists', { name, ...(group ? { group } : {}), kind: resource });
}

export const OPTIMISTIC_LOCK_MESSAGE = 'the object has been modified; please apply your changes to the latest version and try again';

/** 409 `Operation cannot be fulfilled on deployments.apps "x": <why>`. */
export function conflict(group: string, resource: string, name: string, why: string): StatusObject {
  const qualified = group ? `${resource}.${group}` : resource;
  return statusFailure(409, `Operation cannot be fulfilled on ${qualified} ${goQuote(name)}: ${why}`, 'Conflict', {
    name,
    ...(group ? { group } : {}),
    kind: resource,
  });
}

/** One field error of a 422 (`field.Error`). */
export interface FieldError {
  readonly type:
    | 'FieldValueRequired'
    | 'FieldValueInvalid'
    | 'FieldValueTypeInvalid'
    | 'FieldValueForbidden'
    | 'FieldValueTooLong'
    | 'FieldValueNotSupported'
    | 'FieldValueDuplicate'
    | 'FieldValueNotFound'
    | 'FieldValueTooMany';
  readonly field: string;
  /** The detail text after the type's prefix (e.g. `is required for apply patch`). */
  readonly detail: string;
  /** For Invalid/NotSupported/Duplicate/NotFound: the offending value, rendered as the server does. */
  readonly value?: string;
}

/** `Required value: is required for apply patch` and friends: field.Error's ErrorBody. */
export function fieldErrorBody(e: FieldError): string {
  switch (e.type) {
    case 'FieldValueRequired':
      return `Required value${e.detail ? `: ${e.detail}` : ''}`;
    case 'FieldValueForbidden':
      return `Forbidden${e.detail ? `: ${e.detail}` : ''}`;
    case 'FieldValueTooLong':
      return `Too long${e.detail ? `: ${e.detail}` : ''}`;
    case 'FieldValueInvalid':
    case 'FieldValueTypeInvalid':
      return `Invalid value: ${e.value ?? '""'}${e.detail ? `: ${e.detail}` : ''}`;
    case 'FieldValueNotSupported':
      return `Unsupported value: ${e.value ?? '""'}${e.detail ? `: ${e.detail}` : ''}`;
    case 'FieldValueDuplicate':
      return `Duplicate value: ${e.value ?? '""'}${e.detail ? `: ${e.detail}` : ''}`;
    case 'FieldValueNotFound':
      return `Not found: ${e.value ?? '""'}${e.detail ? `: ${e.detail}` : ''}`;
    case 'FieldValueTooMany':
      return `Too many${e.value !== undefined ? `: ${e.value}` : ''}${e.detail ? `: ${e.detail}` : ''}`;
  }
}

/**
 * 422 Invalid: `<Kind>.<group> "<name>" is invalid: <field>: <body>` (several errors in
 * brackets, comma separated), with one cause per field error. The message lists each distinct
 * text once (`ErrorList.ToAggregate`); the causes keep every error, repeats too (NewInvalid), as
 * an update's checks of the metadata run twice (rest.BeforeUpdate, then the kind's ValidateUpdate).
 */
export function invalid(group: string, kind: string, name: string, errors: readonly FieldError[]): StatusObject {
  const qualified = group ? `${kind}.${group}` : kind;
  const texts = [...new Set(errors.map((e) => `${e.field}: ${fieldErrorBody(e)}`))];
  const list = texts.length === 1 ? texts[0] : `[${texts.join(', ')}]`;
  const causes: StatusCause[] = errors.map((e) => ({ reason: e.type, message: fieldErrorBody(e), ...(e.field !== '' ? { field: e.field } : {}) }));
  return statusFailure(422, `${qualified} ${goQuote(name)} is invalid: ${list}`, 'Invalid', {
    ...(name ? { name } : {}),
    ...(group ? { group } : {}),
    // Go's StatusDetails omits an empty kind (a patch that does not decode has none).
    ...(kind ? { kind } : {}),
    causes,
  });
}

/** 415 for a patch type the resource does not accept. */
export function unsupportedMediaType(): StatusObject {
  return statusFailure(
    415,
    'the body of the request was in an unknown format - accepted media types include: application/json-patch+json, application/merge-patch+json, application/apply-patch+yaml',
    'UnsupportedMediaType',
  );
}
