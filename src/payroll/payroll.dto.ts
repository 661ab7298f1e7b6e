import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { Text } from '../core/http/dto-fields';
import { PAYROLL_FORMATS, PAYROLL_REASON_MAX_LENGTH, type PayrollFormat } from '../shared/payroll';

/** ?date=YYYY-MM-DD: the pay period holding it (today if none). */
export class PayPeriodQueryDto {
  @ApiPropertyOptional({
    example: '2026-11-24',
    description: "A day of the period (YYYY-MM-DD, the organization's zone)",
  })
  @IsOptional()
  @Text('The date must be a date (YYYY-MM-DD)', 10, 'The date')
  date?: string;
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
