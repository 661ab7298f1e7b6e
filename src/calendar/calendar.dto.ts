import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean } from 'class-validator';
import { Nullable, OptionalNotNull, Text } from '../core/http/dto-fields';

/** Request shapes of the calendars (spec §7 Jobs). */

/**
 * The moment a calendar is read "as of" (src/audit/moment.ts), read-only: at most one of the two; neither
 * is now.
 */
export class AsOfDto {
  @ApiPropertyOptional({
    description: "An ISO 8601 date-time (without an offset: in the organization's time zone): the log as it stood then",
  })
  @OptionalNotNull()
  @Text('asOf must be a date and time (ISO 8601)', 40, 'asOf')
  asOf?: string;
  @ApiPropertyOptional({ description: 'A log position: every event up to and including it' })
  @OptionalNotNull()
  // A JSON body may carry it as a number.
  @Transform(({ value }) => (typeof value === 'number' ? String(value) : value))
  @Text('asOfPosition must be a whole number (a position in the log)', 16, 'asOfPosition')
  asOfPosition?: string;
}

export class CalendarRangeDto extends AsOfDto {
  @ApiPropertyOptional({ description: "MM/DD/YYYY (a day in the organization's time zone) or an ISO instant" })
  @OptionalNotNull()
  @Text('StartDate must be a date (MM/DD/YYYY)', 40, 'StartDate')
  StartDate?: string;
  @ApiPropertyOptional({ description: 'MM/DD/YYYY (inclusive) or an ISO instant (exclusive)' })
  @OptionalNotNull()
  @Text('EndDate must be a date (MM/DD/YYYY)', 40, 'EndDate')
  EndDate?: string;
  @ApiPropertyOptional({ description: 'true adds the open jobs I may request; anything else is false' })
  @Nullable()
  @Transform(({ value }) => value === true || value === 'true')
  @IsBoolean()
  showRequestableJobs?: boolean;
  @ApiPropertyOptional({ nullable: true })
  @Nullable()
  @Text('availabilityUserId must be a user id', 64, 'availabilityUserId')
  availabilityUserId?: string | null;
}
