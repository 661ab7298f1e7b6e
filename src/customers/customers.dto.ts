import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { Text as TextField } from '../core/http/dto-fields';
import { PageQueryDto } from '../core/http/page-query.dto';
import { CUSTOMER_ID_MESSAGE, CUSTOMER_TEXT_FIELDS, STATUS_MESSAGE } from './customer.decider';
import { CUSTOMER_STATUSES, CustomerStatus } from './customers.events';
import { CUSTOMER_SORT_KEYS, CustomerSortBy } from './customers.queries';

/** Request shapes of the customers routes. Shapes only: the rules are the decider's. */

/** A customer's text field, with the decider's label and length limit. */
const Text = (field: keyof typeof CUSTOMER_TEXT_FIELDS, typeMessage?: string) => {
  const { label, max } = CUSTOMER_TEXT_FIELDS[field];
  return TextField(typeMessage ?? `${label} must be text`, max, label);
};

/** POST and PATCH: every field optional here; on create the decider requires the contact's first name. null or blank clears a field. */
export class CustomerDto {
  @ApiPropertyOptional({ nullable: true, description: 'The company name' }) @IsOptional() @Text('name') name?:
    string | null;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @Text('displayName') displayName?: string | null;
  @ApiProperty({ description: 'Required' })
  @IsOptional()
  @Text('contactFirstName', 'Contact first name is required')
  contactFirstName?: string;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @Text('contactLastName') contactLastName?: string | null;
  @ApiPropertyOptional({ nullable: true, example: 'pat@example.com' })
  @IsOptional()
  @Text('contactEmail')
  contactEmail?: string | null;
  @ApiPropertyOptional({
    nullable: true,
    example: '(555) 123-4567',
    description: '10 digits; stored as (###) ###-####',
  })
  @IsOptional()
  @Text('contactPhone')
  contactPhone?: string | null;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @Text('address1') address1?: string | null;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @Text('address2') address2?: string | null;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @Text('city') city?: string | null;
  @ApiPropertyOptional({ nullable: true, description: 'State or province' }) @IsOptional() @Text('state') state?:
    string | null;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @Text('postalCode') postalCode?: string | null;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @Text('country') country?: string | null;
  @ApiPropertyOptional({ enum: CUSTOMER_STATUSES, default: 'Current' })
  @IsOptional()
  @IsString({ message: STATUS_MESSAGE }) // which values: the decider's rule, checked in the form's order
  status?: CustomerStatus;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @Text('jobType') jobType?: string | null;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @Text('billingFrequency') billingFrequency?: string | null;
  @ApiPropertyOptional({ nullable: true }) @IsOptional() @Text('notes') notes?: string | null;
}

const SORT_BY = Object.keys(CUSTOMER_SORT_KEYS);

/** The Customer List's search and sort (name descending by default, spec §9), with the shared paging (20 a page). */
export class CustomersPagedQueryDto extends PageQueryDto {
  @ApiPropertyOptional()
  @IsOptional()
  @IsString({ message: 'The search must be text' })
  @MaxLength(200, { message: 'The search must be at most 200 characters' })
  filter?: string;
  @ApiPropertyOptional({ enum: SORT_BY, default: 'name' })
  @IsOptional()
  @IsIn(SORT_BY, { message: 'sortBy must be name, email, phone or status' })
  sortBy?: CustomerSortBy;
  @ApiPropertyOptional({ enum: ['asc', 'desc'], default: 'desc' })
  @IsOptional()
  @IsIn(['asc', 'desc', 'ascending', 'descending'], { message: 'sortDir must be asc or desc' })
  sortDir?: string;
}

export class CustomerLookupQueryDto {
  @ApiPropertyOptional({ description: 'Search text (name, display name, contact, e-mail, phone, city)' })
  @IsOptional()
  @IsString({ message: 'The search must be text' })
  @MaxLength(200, { message: 'The search must be at most 200 characters' })
  filter?: string;
}

/** POST /api/attachments, multipart: the file, the customer and the name shown. The handler checks them, in the form's order. */
export class AttachmentUploadDto {
  @ApiProperty({
    type: 'string',
    format: 'binary',
    description:
      'PDF, PNG, JPEG, GIF, WebP, text (.txt), CSV (.csv) or Word, Excel, PowerPoint (.docx, .xlsx, .pptx), decided by its content; 2.5 MB at most',
  })
  File!: unknown;
  @ApiProperty({ description: 'The customer the document belongs to' })
  @IsOptional()
  @IsString({ message: CUSTOMER_ID_MESSAGE })
  CustomerId?: string;
  @ApiProperty({ description: 'The name shown in Attached Documents (required, at most 200 characters)' })
  @IsOptional()
  @IsString({ message: 'File name is required' })
  Name?: string;
}
