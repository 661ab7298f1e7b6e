import { Injectable, PipeTransform } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  Allow,
  ArrayMaxSize,
  IsArray,
  IsDefined,
  IsObject,
  IsOptional,
  IsString,
  MaxLength,
  ValidateBy,
  ValidateNested,
} from 'class-validator';
import { DateTime } from 'luxon';
import { validationPipe } from '../core/http/validation';
import { Text } from '../core/http/dto-fields';
import { WEEK_DAYS } from './availability.events';

/** Request and response shapes of the availability routes. Shapes only: the rules are the decider's. */

export const MAX_ENTRIES = 100;

export class AvailabilityEntryDto {
  @ApiPropertyOptional({ description: 'Keep the id of an existing entry; leave it out for a new one' })
  @IsOptional()
  @Allow()
  id?: unknown;
  @ApiProperty({ enum: WEEK_DAYS }) @Text('Week day is required', 20, 'Week day') weekDay!: string;
  @ApiProperty({ example: '08:00', description: 'HH:mm, 15-minute steps' })
  @Text('Start time is required', 20, 'Start time')
  startTime!: string;
  @ApiProperty({ example: '17:00', description: 'HH:mm after the start; 24:00 is the end of the day' })
  @Text('End time is required', 20, 'End time')
  endTime!: string;
}

export class AvailabilityListDto {
  // Decorators register bottom-up, and the first to fail is the message: the list check comes first.
  @ValidateNested({ each: true })
  @Type(() => AvailabilityEntryDto)
  @IsObject({ each: true, message: 'Each availability must have a weekDay, a startTime and an endTime' })
  @ArrayMaxSize(MAX_ENTRIES, { message: `Send at most ${MAX_ENTRIES} availabilities` })
  @IsArray({ message: 'Send a list of availabilities' })
  availabilities!: AvailabilityEntryDto[];
}

/** The PATCH body is the list itself (spec §7) or `{ availabilities: [...] }`; both are checked as one shape. */
@Injectable()
export class AvailabilityListPipe implements PipeTransform {
  async transform(value: unknown): Promise<AvailabilityEntryDto[]> {
    const wrapped = Array.isArray(value) ? { availabilities: value } : value && typeof value === 'object' ? value : {};
    const dto = (await validationPipe.transform(wrapped, {
      type: 'body',
      metatype: AvailabilityListDto,
    })) as AvailabilityListDto;
    return dto.availabilities;
  }
}

/** An ISO 8601 date or date-time; one without an offset is read in the organization's time zone. */
const IsIsoDateTime = (message: string) =>
  ValidateBy(
    {
      name: 'isIsoDateTime',
      validator: { validate: (value) => typeof value === 'string' && DateTime.fromISO(value).isValid },
    },
    { message },
  );

const example = '2025-03-10T13:00:00Z';
/** The longest date and time read (as the other DTOs' dates): the length is checked before the text is parsed. */
const DATE_TIME_MAX = 40;

export class DateFilterQueryDto {
  @ApiProperty({ example, description: 'Start of the slot (ISO 8601)' })
  @IsIsoDateTime(`startDate must be an ISO 8601 date and time such as ${example}`)
  @MaxLength(DATE_TIME_MAX, { message: `startDate must be at most ${DATE_TIME_MAX} characters` })
  @IsString({ message: `startDate must be an ISO 8601 date and time such as ${example}` })
  @IsDefined({ message: `startDate is required, as an ISO 8601 date and time such as ${example}` })
  startDate!: string;

  @ApiProperty({ example: '2025-03-10T15:00:00Z', description: 'End of the slot (ISO 8601), after startDate' })
  @IsIsoDateTime(`endDate must be an ISO 8601 date and time such as ${example}`)
  @MaxLength(DATE_TIME_MAX, { message: `endDate must be at most ${DATE_TIME_MAX} characters` })
  @IsString({ message: `endDate must be an ISO 8601 date and time such as ${example}` })
  @IsDefined({ message: `endDate is required, as an ISO 8601 date and time such as ${example}` })
  endDate!: string;
}

/** PUT /api/employee-availability/{userId}/time-off: the whole list; its items are checked by the decider. */
export class TimeOffDto {
  @ApiProperty({
    example: [
      { from: '2026-12-21', to: '2026-12-31', note: 'Family trip' },
      { from: '2027-01-12', to: '2027-01-12', note: 'Dentist', startTime: '13:00', endTime: '16:00' },
    ],
    description: 'Whole days; or part of one day with startTime and endTime (HH:mm, the organization’s zone)',
  })
  @ArrayMaxSize(100, { message: 'Enter at most 100 stretches of time off' })
  @IsArray({ message: 'Time off must be a list of { from, to, note }' })
  timeOff!: unknown[];
}
