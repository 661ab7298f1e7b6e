import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsOptional } from 'class-validator';
import { Text, toBoolean } from '../core/http/dto-fields';
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
