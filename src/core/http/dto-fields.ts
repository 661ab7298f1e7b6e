import { applyDecorators } from '@nestjs/common';
import { IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';

/** A text field of a request: the type is checked first (with our message), then the length. */
export const Text = (message: string, max: number, label: string) =>
  applyDecorators(IsString({ message }), MaxLength(max, { message: `${label} must be at most ${max} characters` }));

/**
 * A field that may be left out but has no null: null meets the field's own checks and gets its message.
 * (`@IsOptional()` skips null as well, and a handler that then reads the field as a string or a list crashes.)
 */
export const OptionalNotNull = () => ValidateIf((_object: object, value: unknown) => value !== undefined);

/** A field that may be left out or null, where null has a meaning (usually "none": the field is cleared); whatever reads it must give null that meaning. */
export const Nullable = () => IsOptional();

/** Form and query spellings of a boolean; anything else is passed on for @IsBoolean to refuse. */
export const toBoolean = ({ value }: { value: unknown }) => {
  if (value === undefined || value === '') return undefined;
  if (value === true || value === 'true' || value === 'on' || value === '1') return true;
  if (value === false || value === 'false' || value === 'off' || value === '0') return false;
  return value;
};
