import { ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsIn, IsInt, IsOptional, IsString } from 'class-validator';
import { Nullable, OptionalNotNull, Text } from '../core/http/dto-fields';

/** POST and PATCH /api/booking-links. Shapes only: the rules (and their messages) are the decider's. */
export class BookingLinkDto {
  @ApiPropertyOptional({ example: 'Window cleaning' })
  @OptionalNotNull()
  @Text('Service name is required', 200, 'Service name')
  serviceName?: string;
  @ApiPropertyOptional({ description: 'Minutes, in steps of 15' })
  @OptionalNotNull()
  @IsInt({ message: 'Duration must be a whole number of minutes' })
  durationMinutes?: number;
  @ApiPropertyOptional({ type: [String], description: 'The staff who may take a booking, first preferred' })
  @OptionalNotNull()
  @IsString({ each: true, message: 'Staff must be a list of user ids' })
  @ArrayMaxSize(50, { message: 'Choose at most 50 staff members' })
  @IsArray({ message: 'Staff must be a list of user ids' })
  staffIds?: string[];
  @ApiPropertyOptional()
  @OptionalNotNull()
  @IsInt({ message: 'Minimum notice must be a whole number of minutes' })
  minimumNoticeMinutes?: number;
  @ApiPropertyOptional()
  @OptionalNotNull()
  @IsInt({ message: 'How far ahead must be a whole number of days' })
  horizonDays?: number;
  @ApiPropertyOptional()
  @OptionalNotNull()
  @IsInt({ message: 'Buffer must be a whole number of minutes' })
  bufferMinutes?: number;
  @ApiPropertyOptional({ nullable: true, example: '2026-12-31', description: 'The last day it takes bookings' })
  @Nullable()
  @Text('Expiry date must be a date', 10, 'Expiry date')
  expiresOn?: string | null;
  @ApiPropertyOptional({ nullable: true })
  @Nullable()
  @IsInt({ message: 'Maximum bookings must be a whole number' })
  maxBookings?: number | null;
  @ApiPropertyOptional({ enum: ['active', 'paused'], description: 'PATCH only: pause or resume' })
  @IsOptional()
  @IsIn(['active', 'paused'], { message: 'Status must be active or paused' })
  status?: 'active' | 'paused';
}

/** POST /api/booking-links/{linkId}/bookings: the visitor's form. */
export class BookingRequestDto {
  @ApiPropertyOptional({ description: 'A slot start (UTC ISO instant) from …/slots' })
  @Text('Choose a time', 40, 'The time')
  start!: string;
  @ApiPropertyOptional() @Text('Name is required', 100, 'Name') name!: string;
  @ApiPropertyOptional() @Text('Email is required', 254, 'Email') email!: string;
  @ApiPropertyOptional({ nullable: true }) @Nullable() @Text('Phone must be text', 30, 'Phone') phone?: string | null;
  @ApiPropertyOptional({ nullable: true }) @Nullable() @Text('Address must be text', 300, 'Address') address?:
    string | null;
  @ApiPropertyOptional({ nullable: true }) @Nullable() @Text('Note must be text', 2000, 'Note') note?: string | null;
}

export class SlotsQueryDto {
  @ApiPropertyOptional({ description: "YYYY-MM-DD, the organization's zone; today by default" })
  @IsOptional()
  @Text('From must be a date (YYYY-MM-DD)', 20, 'From')
  from?: string;
  @ApiPropertyOptional({ description: 'YYYY-MM-DD, included; 13 days after From by default; at most 62 days on' })
  @IsOptional()
  @Text('To must be a date (YYYY-MM-DD)', 20, 'To')
  to?: string;
}

/** POST /api/share/booking/{id}/reschedule. */
export class RescheduleDto {
  @ApiPropertyOptional({ description: "A slot start (UTC ISO instant) from the link's …/slots" })
  @Text('Choose a time', 40, 'The time')
  start!: string;
}

/**
 * POST /api/customers/{id}/merge: the customer a booking's customer is merged into. Checked by the handler, after
 * the customer of the path (another organization's is a 404 whatever the body).
 */
export class MergeCustomerDto {
  @ApiPropertyOptional({ description: 'The id of the customer to merge into' })
  @IsOptional()
  intoCustomerId?: unknown;
}
