/**
 * Domain errors: framework-free, translated to HTTP by the one exception filter
 * (src/core/http/domain-exception.filter.ts). Each message is written for the person who reads it.
 */
export class DomainError extends Error {
  constructor(readonly errors: string[]) {
    super(errors[0] ?? 'Something went wrong');
    this.name = new.target.name;
  }
}

/** 400: the input is wrong. */
export class ValidationError extends DomainError {
  constructor(...messages: string[]) {
    super(messages);
  }
}

/** 401: not signed in, or the session has ended. */
export class UnauthenticatedError extends DomainError {
  constructor(message = 'Please sign in to continue.') {
    super([message]);
  }
}

/** 403: signed in, but without the claim this needs. */
export class ForbiddenError extends DomainError {
  constructor(message = 'You do not have permission to do this.') {
    super([message]);
  }
}

/** 404: absent, or belonging to another organization (never tell the two apart). */
export class NotFoundError extends DomainError {
  constructor(what = 'The item', message?: string) {
    super([message ?? `${what} was not found.`]);
  }
}

/** 409: the state changed under the request (concurrent edit, duplicate). */
export class ConflictError extends DomainError {
  constructor(message: string) {
    super([message]);
  }
}

/**
 * 409 for a lost race: the record changed between reading it and writing the decision, so nothing was decided
 * (src/core/commands/aggregates.ts). The same command sent again is decided afresh, also under the same command id.
 */
export class ConcurrentChangeError extends ConflictError {}

/** 410: it existed and is gone for good (an expired or replaced link). */
export class GoneError extends DomainError {
  constructor(message: string) {
    super([message]);
  }
}

/** 429: too many attempts. */
export class TooManyRequestsError extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super([message]);
  }
}

/** 503: not yet (a read model an upgrade is still building); try again after a while. */
export class UnavailableError extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super([message]);
  }
}
