import { ValidationPipe, ValidationError as ClassValidationError } from '@nestjs/common';
import { ValidationError } from '../errors';

function messages(errors: ClassValidationError[]): string[] {
  return errors.flatMap((e) => [...Object.values(e.constraints ?? {}), ...messages(e.children ?? [])]);
}

/** DTO shape checks at the edge; business rules live in the deciders. Unknown fields are dropped. */
export const validationPipe = new ValidationPipe({
  transform: true,
  whitelist: true,
  stopAtFirstError: true,
  exceptionFactory: (errors) => new ValidationError(...messages(errors)),
});
