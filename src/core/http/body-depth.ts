import type { NextFunction, Request, Response } from 'express';
import { ValidationError } from '../errors';

/**
 * How deeply a JSON body may nest objects and lists. The deepest documented body is three levels
 * (a list of changes in an object); validation walks bodies recursively, and 3,000 levels overflowed it.
 */
export const MAX_BODY_DEPTH = 32;

export const TOO_DEEP_MESSAGE = `The request nests objects or lists more than ${MAX_BODY_DEPTH} levels deep. Send the fields as the API documents them.`;

/** Whether `value` nests objects or lists deeper than `limit`: walked with its own stack, so that the check cannot overflow either. */
export function nestedDeeperThan(value: unknown, limit: number): boolean {
  const stack: { node: object; depth: number }[] =
    value !== null && typeof value === 'object' ? [{ node: value, depth: 1 }] : [];
  while (stack.length) {
    const { node, depth } = stack.pop()!;
    if (depth > limit) return true;
    for (const child of Object.values(node))
      if (child !== null && typeof child === 'object') stack.push({ node: child, depth: depth + 1 });
  }
  return false;
}

/** After the JSON body parser, before any validation: refuses a body nested deeper than MAX_BODY_DEPTH with a 400. */
export function refuseDeepBodies(request: Request, _response: Response, next: NextFunction): void {
  next(nestedDeeperThan(request.body, MAX_BODY_DEPTH) ? new ValidationError(TOO_DEEP_MESSAGE) : undefined);
}
