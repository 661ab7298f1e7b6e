import { Injectable, PipeTransform } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, ValidateBy } from 'class-validator';
import { ValidationError } from '../core/errors';
import { Text } from '../core/http/dto-fields';
import {
  PAY_PERIOD_DAYS_MESSAGE,
  PAYROLL_FORMATS,
  PAYROLL_REASON_MAX_LENGTH,
  outsidePayPeriodDays,
  outsidePayPeriodStarts,
  type PayrollFormat,
} from '../shared/payroll';

/** ?date=YYYY-MM-DD: the pay period holding it (today if none). */
export class PayPeriodQueryDto {
  @ApiPropertyOptional({
    example: '2026-11-24',
    description: "A day of the period (YYYY-MM-DD, the organization's zone, 2000 to 2099)",
  })
  @IsOptional()
  // A text that is no date is the service's: no period is found for it.
  @ValidateBy(
    { name: 'payPeriodDay', validator: { validate: (date) => !outsidePayPeriodDays(date) } },
    { message: PAY_PERIOD_DAYS_MESSAGE },
  )
  @Text('The date must be a date (YYYY-MM-DD)', 10, 'The date')
  date?: string;
}

/** A period's first day in the path (:start): of a period the kept days hold, else a 400 in words. */
@Injectable()
export class PayPeriodStartPipe implements PipeTransform<string, string> {
  transform(start: string): string {
    if (outsidePayPeriodStarts(start)) throw new ValidationError(PAY_PERIOD_DAYS_MESSAGE);
    return start;
  }
}

/** Send back and unapprove: the manager's reason. */
export class TimesheetReasonDto {
  @ApiProperty({ description: `Why, in words the person reads (at most ${PAYROLL_REASON_MAX_LENGTH} characters)` })
  @IsOptional()
  @Text('The reason must be text', PAYROLL_REASON_MAX_LENGTH, 'The reason')
  reason?: string;
}

export class PayrollExportDto {
  @ApiProperty({ enum: PAYROLL_FORMATS })
  @IsIn(PAYROLL_FORMATS, { message: 'Choose a format: gusto, quickbooks or xlsx' })
  format!: PayrollFormat;
}
