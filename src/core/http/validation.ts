import { ValidationPipe, ValidationError as ClassValidationError } from '@nestjs/common';
import { ValidationError } from '../errors';

/** What ValidationPipe itself says when a body is a list or a bare value where the route reads an object. */
const NOT_AN_OBJECT = 'Validation failed (object is expected)';

function messages(errors: ClassValidationError[]): string[] {
  return errors
    .flatMap((e) => [...Object.values(e.constraints ?? {}), ...messages(e.children ?? [])])
    .map((m) => (m === NOT_AN_OBJECT ? 'Send the fields as one JSON object, as the API documents them.' : m));
}

/** DTO shape checks at the edge; business rules live in the deciders. Unknown fields are dropped. */
export const validationPipe = new ValidationPipe({
  transform: true,
  whitelist: true,
  stopAtFirstError: true,
  exceptionFactory: (errors) => new ValidationError(...messages(errors)),
});
