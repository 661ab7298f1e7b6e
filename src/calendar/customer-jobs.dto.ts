import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { Text } from '../core/http/dto-fields';
import { PageQueryDto } from '../core/http/page-query.dto';

/** A page of a customer's Jobs & Ratings over whole days (lengths bounded before anything reads the text). */
export class CustomerJobsQueryDto extends PageQueryDto {
  @ApiPropertyOptional({
    description:
      "MM/DD/YYYY, the organization's time zone; 30 days before today by default (90 before To date when only it is given)",
  })
  @IsOptional()
  @Text('From date must be a date (MM/DD/YYYY)', 20, 'From date')
  fromDate?: string;
  @ApiPropertyOptional({
    description: 'MM/DD/YYYY, included; 60 days after today by default (90 after From date when only it is given)',
  })
  @IsOptional()
  @Text('To date must be a date (MM/DD/YYYY)', 20, 'To date')
  toDate?: string;
}
