import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { Text } from '../core/http/dto-fields';
import { DatedPageQueryDto } from '../core/http/page-query.dto';
import { AsOf, AsOfPosition } from '../as-of/as-of.dto';

/** The filters of every report call (the paging only matters to …/paged). */
export class ReportQueryDto extends DatedPageQueryDto {
  @ApiPropertyOptional({ description: "A customer of the organization (another organization's: 404)" })
  @IsOptional()
  @Text('The customer must be a customer id', 100, 'The customer')
  customerId?: string;
  @ApiPropertyOptional({ description: 'Jobs report only: an employee of the organization' })
  @IsOptional()
  @Text('The employee must be a user id', 100, 'The employee')
  employeeId?: string;
  @AsOf()
  asOf?: string;
  @AsOfPosition()
  asOfPosition?: string;
  @ApiPropertyOptional({ enum: ['asc', 'desc'], description: 'By start (job date); ascending by default' })
  @IsOptional()
  @IsIn(['asc', 'desc', 'ascending', 'descending'], { message: 'sortDir must be asc or desc' })
  sortDir?: string;
}
