import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean } from 'class-validator';
import { Nullable, OptionalNotNull, Text } from '../core/http/dto-fields';
import { AsOfDto } from '../audit/audit.dto';

/** Request shapes of the calendars (spec §7 Jobs). */

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
