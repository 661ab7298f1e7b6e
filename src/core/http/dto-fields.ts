import { applyDecorators } from '@nestjs/common';
import { IsString, MaxLength } from 'class-validator';

/** A text field of a request: the type is checked first (with our message), then the length. */
export const Text = (message: string, max: number, label: string) =>
  applyDecorators(IsString({ message }), MaxLength(max, { message: `${label} must be at most ${max} characters` }));

/** Form and query spellings of a boolean; anything else is passed on for @IsBoolean to refuse. */
export const toBoolean = ({ value }: { value: unknown }) => {
  if (value === undefined || value === '') return undefined;
  if (value === true || value === 'true' || value === 'on' || value === '1') return true;
  if (value === false || value === 'false' || value === 'off' || value === '0') return false;
  return value;
};
