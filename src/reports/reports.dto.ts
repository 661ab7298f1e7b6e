import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { Text } from '../core/http/dto-fields';
import { PageQueryDto } from '../core/http/page-query.dto';

/**
 * The filters of every report call (the paging only matters to …/paged). A query string has no null, so
 * @IsOptional() only means absent; lengths are bounded before anything reads the text.
 */
export class ReportQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: "MM/DD/YYYY, the organization's time zone; 29 days before To date by default" })
  @IsOptional()
  @Text('From date must be a date (MM/DD/YYYY)', 20, 'From date')
  fromDate?: string;
  @ApiPropertyOptional({ description: 'MM/DD/YYYY, included; today by default' })
  @IsOptional()
  @Text('To date must be a date (MM/DD/YYYY)', 20, 'To date')
  toDate?: string;
  @ApiPropertyOptional({ description: "A customer of the organization (another organization's: 404)" })
  @IsOptional()
  @Text('The customer must be a customer id', 100, 'The customer')
  customerId?: string;
  @ApiPropertyOptional({ description: 'Jobs report only: an employee of the organization' })
  @IsOptional()
  @Text('The employee must be a user id', 100, 'The employee')
  employeeId?: string;
  @ApiPropertyOptional({
    description: 'As of a moment: an ISO 8601 date-time (the log as it stood then); not with asOfPosition',
  })
  @IsOptional()
  @Text('asOf must be a date and time (ISO 8601)', 40, 'asOf')
  asOf?: string;
  @ApiPropertyOptional({
    description: "As of a position in the log (every event up to and including it): an export's 'Event position'",
  })
  @IsOptional()
  @Text('asOfPosition must be a whole number (a position in the log)', 16, 'asOfPosition')
  asOfPosition?: string;
  @ApiPropertyOptional({ enum: ['asc', 'desc'], description: 'By start (job date); ascending by default' })
  @IsOptional()
  @IsIn(['asc', 'desc', 'ascending', 'descending'], { message: 'sortDir must be asc or desc' })
  sortDir?: string;
}
