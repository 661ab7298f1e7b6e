import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { Text } from './dto-fields';

/**
 * The paging of every `…/paged` table: which page and how many rows (each table's own size by default). Decorators
 * run bottom-up: the whole-number check sits nearest the property so that `pageSize=ten` is told so. A query
 * string has no null, so @IsOptional() here only means absent.
 */
export class PageQueryDto {
  @ApiPropertyOptional({ default: 1 })
  @IsOptional()
  @Transform(({ value }) => Number(value))
  @Min(1, { message: 'currentPage must be 1 or more' })
  @IsInt({ message: 'currentPage must be a whole number' })
  currentPage?: number;
  @ApiPropertyOptional({ description: "At most 1000; the table's own page size when absent" })
  @IsOptional()
  @Transform(({ value }) => Number(value))
  @Max(1000, { message: 'pageSize must be at most 1000' })
  @Min(1, { message: 'pageSize must be 1 or more' })
  @IsInt({ message: 'pageSize must be a whole number' })
  pageSize?: number;
}

/**
 * A page of a table over whole days (the reports, the audit log): fromDate and toDate. A query string has no null,
 * so @IsOptional() only means absent; lengths are bounded before anything reads the text.
 */
export class DatedPageQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: "MM/DD/YYYY, the organization's time zone; 29 days before To date by default" })
  @IsOptional()
  @Text('From date must be a date (MM/DD/YYYY)', 20, 'From date')
  fromDate?: string;
  @ApiPropertyOptional({ description: 'MM/DD/YYYY, included; today by default' })
  @IsOptional()
  @Text('To date must be a date (MM/DD/YYYY)', 20, 'To date')
  toDate?: string;
}

/** The rows a page starts after and how many it holds. */
export function pageWindow(query: { currentPage?: number; pageSize?: number }, defaultSize: number) {
  const limit = query.pageSize ?? defaultSize;
  return { skip: ((query.currentPage ?? 1) - 1) * limit, limit };
}
