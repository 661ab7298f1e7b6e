import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional } from 'class-validator';
import { Text } from '../core/http/dto-fields';
import { PagedQueryDto } from '../identity/identity.dto';
import type { TimerInput } from './timers.commands';
import { parseMileageText, TIMER_TYPES, TimerType } from '../shared/timers';
import { PAYROLL_REASON_MAX_LENGTH } from '../shared/payroll';

/** POST /api/time and PATCH /api/time/{id}. Shapes only: the rules (and their messages) are the decider's. */
export class TimerDto {
  @ApiPropertyOptional({ enum: TIMER_TYPES, description: 'Required when starting' })
  @IsOptional()
  @Text('Timer type is required', 20, 'The timer type')
  type?: string;
  @ApiPropertyOptional({ description: 'ISO instant; starting defaults to now' })
  @IsOptional()
  @Text('The start must be a date and time', 40, 'The start')
  startDateTime?: string;
  @ApiPropertyOptional({ nullable: true, description: 'ISO instant: giving a running timer its end stops it' })
  @IsOptional()
  @Text('The end must be a date and time', 40, 'The end')
  endDateTime?: string | null;
  @ApiPropertyOptional({ nullable: true, description: 'A job or occurrence id (Job timers)' })
  @IsOptional()
  @Text('The job must be a job id', 100, 'The job')
  jobId?: string | null;
  @ApiPropertyOptional({ nullable: true, description: 'Mileage timers: a number' })
  @IsOptional()
  mileageStart?: unknown;
  @ApiPropertyOptional({ nullable: true, description: 'Mileage timers, when stopping: a number not below the start' })
  @IsOptional()
  mileageEnd?: unknown;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @Text('The label must be text', 1000, 'The label') label?:
    string | null;
  @ApiPropertyOptional({
    description: "Edit approved time: a manager's reason to change a time in an approved timesheet (required then)",
  })
  @IsOptional()
  @Text('The reason must be text', PAYROLL_REASON_MAX_LENGTH, 'The reason')
  reason?: string;
}

/** DELETE /api/time/{id}: a manager's reason when the time is in an approved timesheet. */
export class TimerReasonDto {
  @ApiPropertyOptional({ description: 'Required when the time is in an approved timesheet' })
  @IsOptional()
  @Text('The reason must be text', PAYROLL_REASON_MAX_LENGTH, 'The reason')
  reason?: string;
}

/** Numbers as typed: '1,204.5' or 1204.5; blank is no mileage; anything else is kept as NaN for the decider to name. */
function mileage(value: unknown): number | null | undefined {
  if (value === undefined) return undefined;
  if (value === null || value === '') return null;
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return parseMileageText(value);
  return Number.NaN;
}

export function toTimerInput(dto: TimerDto): TimerInput {
  return {
    type: dto.type as TimerType | undefined,
    start: dto.startDateTime,
    end: dto.endDateTime === undefined ? undefined : dto.endDateTime || null,
    jobId: dto.jobId === undefined ? undefined : dto.jobId || null,
    mileageStart: mileage(dto.mileageStart),
    mileageEnd: mileage(dto.mileageEnd),
    label: dto.label,
    reason: dto.reason,
  };
}

export class TimersPagedQueryDto extends PagedQueryDto {
  @ApiPropertyOptional({ description: "MM/DD/YYYY: timers starting on this day or later (organization's time zone)" })
  @IsOptional()
  @Text('From date must be a date (MM/DD/YYYY)', 20, 'From date')
  fromDate?: string;
  @ApiPropertyOptional({ description: 'MM/DD/YYYY: timers starting on this day or earlier' })
  @IsOptional()
  @Text('To date must be a date (MM/DD/YYYY)', 20, 'To date')
  toDate?: string;
}

/** POST /api/time/for-person: a manager records a whole tracked time on a job for someone of the organization. */
export class AddTimeForDto {
  @ApiProperty({ description: 'The person the time is for (a user of the organization)' })
  @Text('Choose the person this time is for', 100, 'The person')
  @IsNotEmpty({ message: 'Choose the person this time is for' })
  userId!: string;
  @ApiProperty({ description: 'A job or occurrence id' })
  @Text('Choose the job this time is for', 100, 'The job')
  @IsNotEmpty({ message: 'Choose the job this time is for' })
  jobId!: string;
  @ApiProperty({ description: 'ISO instant' })
  @Text('The start must be a date and time', 40, 'The start')
  @IsNotEmpty({ message: 'The start is required' })
  startDateTime!: string;
  @ApiProperty({ description: 'ISO instant, after the start and not in the future' })
  @Text('The end must be a date and time', 40, 'The end')
  @IsNotEmpty({ message: 'The end is required' })
  endDateTime!: string;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @Text('The label must be text', 1000, 'The label') label?:
    string | null;
  @ApiPropertyOptional({ description: 'Required when the time falls in an approved timesheet' })
  @IsOptional()
  @Text('The reason must be text', PAYROLL_REASON_MAX_LENGTH, 'The reason')
  reason?: string;
}
