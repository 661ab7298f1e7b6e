import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsDefined, IsIn, IsObject, ValidateNested } from 'class-validator';
import { Nullable, OptionalNotNull, Text } from '../core/http/dto-fields';
import { AsOfDto } from '../as-of/as-of.dto';
import { JobModelDto, RecurrenceModelDto } from '../scheduling/scheduling.dto';

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

/** A clash check (issue #26): what a save would send, and which job it changes. */
export class ClashCheckDto {
  @ApiPropertyOptional({ nullable: true, description: 'The job or occurrence being changed; absent for a new job' })
  @Nullable()
  @Text('The id must be the id of a job', 64, 'The id')
  id?: string | null;
  @ApiPropertyOptional({ enum: ['occurrence', 'series'], description: 'For an occurrence: this event or the series' })
  @OptionalNotNull()
  @IsIn(['occurrence', 'series'], { message: 'scope must be occurrence or series' })
  scope?: 'occurrence' | 'series';
  @ApiProperty({ type: JobModelDto, description: "A new job's fields, or a change's (the rest as the job stands)" })
  @ValidateNested()
  @Type(() => JobModelDto)
  @IsObject({ message: "The job (jobModel) must be an object with the job's fields" })
  @IsDefined({ message: 'The job (jobModel) is required' })
  jobModel!: JobModelDto;
  @ApiPropertyOptional({ type: RecurrenceModelDto, nullable: true, description: 'A new series, or a series’ new rule' })
  @Nullable()
  @ValidateNested()
  @Type(() => RecurrenceModelDto)
  @IsObject({ message: 'The repeat rule (recurrenceModel) must be an object with recurringFrequency and its details' })
  recurrenceModel?: RecurrenceModelDto | null;
}
