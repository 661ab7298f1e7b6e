import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsOptional } from 'class-validator';
import { Text, toBoolean } from '../core/http/dto-fields';
import { PageQueryDto } from '../core/http/page-query.dto';
import { AUDIT_RECORD_TYPES } from '../shared/audit';

/** The audit log's filters (GET /api/audit and its export). A query string has no null: @IsOptional() means absent. */
export class AuditQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: "MM/DD/YYYY, the organization's time zone; 29 days before To date by default" })
  @IsOptional()
  @Text('From date must be a date (MM/DD/YYYY)', 20, 'From date')
  fromDate?: string;
  @ApiPropertyOptional({ description: 'MM/DD/YYYY, included; today by default' })
  @IsOptional()
  @Text('To date must be a date (MM/DD/YYYY)', 20, 'To date')
  toDate?: string;
  @ApiPropertyOptional({ enum: AUDIT_RECORD_TYPES })
  @IsOptional()
  @IsIn(AUDIT_RECORD_TYPES, { message: `recordType must be one of: ${AUDIT_RECORD_TYPES.join(', ')}` })
  recordType?: (typeof AUDIT_RECORD_TYPES)[number];
  @ApiPropertyOptional({ description: 'Changes made by this person (a user id of the organization)' })
  @IsOptional()
  @Text('The person must be a user id', 100, 'The person')
  userId?: string;
  @ApiPropertyOptional({ description: "A changed field in the entries' words ('Start', 'Assigned', …)" })
  @IsOptional()
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

/** A moment to read as of: an ISO date-time or a log position. */
export class AsOfQueryDto {
  @ApiPropertyOptional({ description: 'ISO 8601 date-time: the log as it stood then' })
  @IsOptional()
  @Text('asOf must be a date and time (ISO 8601)', 40, 'asOf')
  asOf?: string;
  @ApiPropertyOptional({ description: 'A log position: every event up to and including it' })
  @IsOptional()
  @Text('asOfPosition must be a whole number (a position in the log)', 20, 'asOfPosition')
  asOfPosition?: string;
}
