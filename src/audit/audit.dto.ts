import { AS_OF_POSITION_MESSAGE } from './moment';
import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsOptional } from 'class-validator';
import { OptionalNotNull, Text, toBoolean } from '../core/http/dto-fields';
import { DatedPageQueryDto } from '../core/http/page-query.dto';
import { AUDIT_FIELD_CHOICES, AUDIT_RECORD_TYPES } from '../shared/audit';

/** The audit log's filters (GET /api/audit and its export). A query string has no null: @IsOptional() means absent. */
export class AuditQueryDto extends DatedPageQueryDto {
  @ApiPropertyOptional({ enum: AUDIT_RECORD_TYPES })
  @IsOptional()
  @IsIn(AUDIT_RECORD_TYPES, { message: `recordType must be one of: ${AUDIT_RECORD_TYPES.join(', ')}` })
  recordType?: (typeof AUDIT_RECORD_TYPES)[number];
  @ApiPropertyOptional({ description: 'Changes made by this person (a user id of the organization)' })
  @IsOptional()
  @Text('The person must be a user id', 100, 'The person')
  userId?: string;
  @ApiPropertyOptional({ enum: AUDIT_FIELD_CHOICES, description: "A changed field in the entries' words" })
  @IsOptional()
  @IsIn(AUDIT_FIELD_CHOICES, {
    message: 'The field must be one of the fields the audit log names (Start, Assigned, …)',
  })
  @Text('The field must be text', 60, 'The field')
  field?: string;
  @ApiPropertyOptional({ description: "true: only changes to someone else's tracked time or availability" })
  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean({ message: 'othersTime must be true or false' })
  othersTime?: boolean;
  @ApiPropertyOptional({ description: 'Every word somewhere in the entry (at most five words)' })
  @IsOptional()
  @Text('Search must be text', 200, 'Search')
  search?: string;
}

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

/** The moment a read is "as of" (src/audit/moment.ts): at most one of the two; neither is now. */
export class AsOfDto {
  @AsOf()
  asOf?: string;
  @AsOfPosition()
  asOfPosition?: string;
}
