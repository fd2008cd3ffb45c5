/** Error answers in the two shapes of docs/product.md#upstream-error-shapes, thrown by handlers and sent by the router. */
import type { FieldError } from "../app/upstream/contract/common.ts";

/** An error answer: status plus `{ message }` or `{ message, errors }`. */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: FieldError[] | undefined;

  constructor(status: number, message: string, errors?: FieldError[]) {
    super(message);
    this.status = status;
    this.errors = errors;
  }

  /** The JSON body of this error. */
  body(): { message: string; errors?: FieldError[] } {
    return this.errors ? { message: this.message, errors: this.errors } : { message: this.message };
  }
}

/** 400 with only a message. */
export function badRequest(message: string): ApiError {
  return new ApiError(400, message);
}

/** 400 with an errors array (field-level validation). */
export function validationFailed(errors: FieldError[]): ApiError {
  return new ApiError(400, "Validation failed", errors);
}

/** 401: no valid session. */
export function unauthorized(): ApiError {
  return new ApiError(401, "Unauthorized");
}

/** 403: the session's role may not do this. */
export function forbidden(message = "Forbidden"): ApiError {
  return new ApiError(403, message);
}

/** 404 with a "... not found" message. */
export function notFound(message = "Not found"): ApiError {
  return new ApiError(404, message);
}
