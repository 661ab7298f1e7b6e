import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Req, Res } from '@nestjs/common';
import type { Response } from 'express';
import { sendLogo } from '../core/http/public-logo';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { CommandMeta } from '../core/commands/aggregates';
import { Me, Meta, Public, RequireClaim } from '../identity/current-user';
import type { AuthenticatedRequest, CurrentUser } from '../identity/current-user';
import { BookingLinkDto, BookingRequestDto, RescheduleDto, SlotsQueryDto } from './booking.dto';
import {
  BookVisit,
  CancelVisit,
  ChangeBookingLink,
  CreateBookingLink,
  DeleteBookingLink,
  MoveVisit,
} from './booking.commands';
import {
  GetBookingLogo,
  GetBookingSlots,
  GetPublicBookingLink,
  GetSharedBooking,
  ListBookingLinks,
} from './booking.queries';
import { GetVisitSlots } from './visit-slots.handler';

/**
 * Booking links (#16). Managers (jobs.crud) list, create, change, pause and delete them; anyone with a link's id
 * opens its page, reads its free slots and books (per-address limits; the ids carry 128 random bits and are
 * redacted from the logs).
 */
@ApiTags('Self-booking')
@Controller('api/booking-links')
export class BookingLinksController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  @RequireClaim('jobs.crud')
  @ApiOperation({ summary: "My organization's booking links, newest first." })
  list(@Me() me: CurrentUser) {
    return this.queries.execute(new ListBookingLinks(me.organizationId));
  }

  @Post()
  @RequireClaim('jobs.crud')
  @ApiOperation({
    summary:
      'A booking link: serviceName, durationMinutes, staffIds, minimumNoticeMinutes, horizonDays, bufferMinutes, expiresOn, maxBookings.',
  })
  async create(@Body() body: BookingLinkDto, @Meta() meta: CommandMeta) {
    const { id } = await this.commands.execute(new CreateBookingLink(body, meta));
    return { success: true, message: 'Booking link has been created', data: { id } };
  }

  @Patch(':linkId')
  @RequireClaim('jobs.crud')
  @ApiOperation({ summary: 'Change any of its settings; status paused or active pauses or resumes it.' })
  async change(@Param('linkId') linkId: string, @Body() body: BookingLinkDto, @Meta() meta: CommandMeta) {
    await this.commands.execute(new ChangeBookingLink(linkId, body, meta));
    return { success: true, message: 'Booking link has been updated' };
  }

  @Delete(':linkId')
  @RequireClaim('jobs.crud')
  @ApiOperation({ summary: 'Deletes the link: its page answers 404 from then on; visits booked stay.' })
  async remove(@Param('linkId') linkId: string, @Meta() meta: CommandMeta) {
    await this.commands.execute(new DeleteBookingLink(linkId, meta));
    return { success: true, message: 'Booking link has been deleted' };
  }

  @Get(':linkId')
  @Public()
  @ApiOperation({
    summary:
      'Public: the booking page (organization, service, duration, time zone). 404 unknown, 410 paused, expired or used up.',
  })
  page(@Param('linkId') linkId: string, @Req() request: AuthenticatedRequest) {
    return this.queries.execute(new GetPublicBookingLink(linkId, request.ip ?? 'unknown'));
  }

  @Get(':linkId/logo')
  @Public()
  @ApiOperation({ summary: "Public: the organization's logo for the link's page; 404 without one." })
  async logo(@Param('linkId') linkId: string, @Req() request: AuthenticatedRequest, @Res() response: Response) {
    sendLogo(response, await this.queries.execute(new GetBookingLogo({ linkId }, request.ip ?? 'unknown')));
  }

  @Get(':linkId/slots')
  @Public()
  @ApiOperation({ summary: "Public: free slots from–to (YYYY-MM-DD, the organization's zone)." })
  slots(@Param('linkId') linkId: string, @Query() query: SlotsQueryDto, @Req() request: AuthenticatedRequest) {
    return this.queries.execute(new GetBookingSlots(linkId, query.from, query.to, request.ip ?? 'unknown'));
  }

  @Post(':linkId/bookings')
  @Public()
  @HttpCode(201)
  @ApiOperation({
    summary:
      'Public: book a slot (start, name, email, phone, address, note). 201 with the booking id; 409 when the slot was just taken.',
  })
  async book(@Param('linkId') linkId: string, @Body() body: BookingRequestDto, @Req() request: AuthenticatedRequest) {
    const { id } = await this.commands.execute(new BookVisit(linkId, body, request.ip ?? 'unknown'));
    return { success: true, message: 'Your visit is booked', data: { id } };
  }
}

@ApiTags('Self-booking')
@Public()
@Controller('api/share/booking')
export class SharedBookingController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get(':id')
  @ApiOperation({ summary: "Public: a booked visit's page (organization, staff member, service, time)." })
  booking(@Param('id') id: string, @Req() request: AuthenticatedRequest) {
    return this.queries.execute(new GetSharedBooking(id, request.ip ?? 'unknown'));
  }

  @Get(':id/logo')
  @ApiOperation({ summary: "Public: the organization's logo for the visit's page; 404 without one." })
  async logo(@Param('id') id: string, @Req() request: AuthenticatedRequest, @Res() response: Response) {
    sendLogo(response, await this.queries.execute(new GetBookingLogo({ bookingId: id }, request.ip ?? 'unknown')));
  }

  @Get(':id/slots')
  @ApiOperation({
    summary:
      "Public: the times the visit may move to, from–to (YYYY-MM-DD, the organization's zone), each with who would take it.",
  })
  slots(@Param('id') id: string, @Query() query: SlotsQueryDto, @Req() request: AuthenticatedRequest) {
    return this.queries.execute(new GetVisitSlots(id, query.from, query.to, request.ip ?? 'unknown'));
  }

  @Post(':id/cancel')
  @HttpCode(200)
  @ApiOperation({ summary: "Public: cancel the visit, until the link's minimum notice before it." })
  async cancel(@Param('id') id: string, @Req() request: AuthenticatedRequest) {
    await this.commands.execute(new CancelVisit(id, request.ip ?? 'unknown'));
    return { success: true, message: 'Your visit has been cancelled' };
  }

  @Post(':id/reschedule')
  @HttpCode(200)
  @ApiOperation({ summary: "Public: move the visit to another of its link's slots (start), until the minimum notice." })
  async reschedule(@Param('id') id: string, @Body() body: RescheduleDto, @Req() request: AuthenticatedRequest) {
    await this.commands.execute(new MoveVisit(id, body.start, request.ip ?? 'unknown'));
    return { success: true, message: 'Your visit has been moved' };
  }
}
