import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { OptionalNotNull, Text } from '../core/http/dto-fields';
import { AS_OF_POSITION_MESSAGE } from './moment';

/** A moment to read as of: an ISO date-time (the log as it stood then), not with asOfPosition. */
export const AsOf = () =>
  applyDecorators(
    ApiPropertyOptional({
      description:
        "As of a moment: an ISO 8601 date-time (without an offset: in the organization's time zone), the log as it stood then",
    }),
    OptionalNotNull(),
    Text('asOf must be a date and time (ISO 8601)', 40, 'asOf'),
  );

/** A moment to read as of: a position token (every event up to and including its position), not with asOf. */
export const AsOfPosition = () =>
  applyDecorators(
    ApiPropertyOptional({
      description:
        "As of a place in the log (every event up to and including it): the opaque token of an audit entry (position, positionBefore), a moment or an export's 'Event position'",
    }),
    OptionalNotNull(),
    // A JSON body may carry it as a number.
    Transform(({ value }) => (typeof value === 'number' ? String(value) : value)),
    Text(AS_OF_POSITION_MESSAGE, 40, 'asOfPosition'),
  );

/** The moment a read is "as of" (src/as-of/moment.ts): at most one of the two; neither is now. */
export class AsOfDto {
  @AsOf()
  asOf?: string;
  @AsOfPosition()
  asOfPosition?: string;
}
