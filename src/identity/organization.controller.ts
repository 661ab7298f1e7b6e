import {
  Body,
  Controller,
  Delete,
  Get,
  Param,
  Patch,
  Put,
  Req,
  Res,
  UploadedFile,
  UseInterceptors,
} from '@nestjs/common';
import type { Response } from 'express';
import { sendLogo } from '../core/http/public-logo';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBody, ApiConsumes, ApiCookieAuth, ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { CommandMeta } from '../core/commands/aggregates';
import { MAX_IMAGE_BYTES, Upload } from '../core/uploads';
import { Me, Meta, Public, RequireClaim } from './current-user';
import type { AuthenticatedRequest, CurrentUser } from './current-user';
import { GetMailLogo } from './mail-logo';
import { FileUploadDto, HolidaysDto, OrganizationSettingsDto } from './identity.dto';
import { SetOrganizationHolidays, SetOrganizationLogo, UpdateOrganizationSettings } from './identity.commands';
import { GetOrganizationHolidays, GetOrganizationSettings } from './identity.queries';
import type { HolidayList } from '../shared/organization';

export const imageUpload = () =>
  FileInterceptor('File', { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 5 } });

@ApiTags('Organization')
@ApiCookieAuth()
@ApiSecurity('csrf')
@RequireClaim('settings.crud')
@Controller('api/organization/settings')
export class OrganizationController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  @ApiOperation({
    summary:
      'Company settings: name, logoUrl, timeZone, pickUpJobsEnabled, automatedRatingEmailsEnabled, lateGraceMinutes, offlineClockLimitHours, the pay settings and the visit reminders (defaults filled in).',
  })
  get(@Me() me: CurrentUser) {
    return this.queries.execute(new GetOrganizationSettings(me.organizationId));
  }

  @Patch()
  @ApiOperation({
    summary:
      'Change any of name, timeZone (IANA), pickUpJobsEnabled, automatedRatingEmailsEnabled, lateGraceMinutes (0–240), offlineClockLimitHours (1–72), the pay settings, and the visit reminders (visitReminders off/hoursBefore/daysBefore, visitReminderHours 1–72, visitReminderDays 1–7, visitReminderTime, visitReminderWindowStart and visitReminderWindowEnd as HH:MM), checked with the settings they leave as they are.',
  })
  async update(@Body() body: OrganizationSettingsDto, @Meta() meta: CommandMeta) {
    await this.commands.execute(new UpdateOrganizationSettings(body, meta));
    return { success: true, data: await this.queries.execute(new GetOrganizationSettings(meta.organizationId)) };
  }

  @Get('holidays')
  @ApiOperation({ summary: "The organization's holidays ({ date: YYYY-MM-DD, name }): no booking slots on them." })
  holidays(@Me() me: CurrentUser): Promise<HolidayList> {
    return this.queries.execute(new GetOrganizationHolidays(me.organizationId));
  }

  @Put('holidays')
  @ApiOperation({ summary: 'Replace the holidays: { holidays: [{ date, name }] }, each date once.' })
  async setHolidays(@Body() body: HolidaysDto, @Meta() meta: CommandMeta) {
    await this.commands.execute(new SetOrganizationHolidays(body.holidays, meta));
    return {
      success: true,
      message: 'Holidays have been saved',
      data: await this.queries.execute(new GetOrganizationHolidays(meta.organizationId)),
    };
  }

  @Put('logo')
  @UseInterceptors(imageUpload())
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: FileUploadDto })
  @ApiOperation({ summary: 'Upload or replace the logo (multipart field File).' })
  async uploadLogo(@UploadedFile() file: Upload | undefined, @Meta() meta: CommandMeta) {
    const data = await this.commands.execute(new SetOrganizationLogo(file ?? ({ size: 0 } as Upload), meta));
    return { success: true, data };
  }

  @Delete('logo')
  @ApiOperation({ summary: 'Remove the logo.' })
  async removeLogo(@Meta() meta: CommandMeta) {
    await this.commands.execute(new SetOrganizationLogo(null, meta));
    return { success: true };
  }
}

@ApiTags('Organization')
@Controller('api/mail-logo')
export class MailLogoController {
  constructor(private readonly queries: QueryBus) {}

  @Get(':organizationId/:fileId')
  @Public()
  @ApiOperation({
    summary: "Public: the organization's current logo, for its e-mails (its id and the logo's file id); else 404.",
  })
  async logo(
    @Param('organizationId') organizationId: string,
    @Param('fileId') fileId: string,
    @Req() request: AuthenticatedRequest,
    @Res() response: Response,
  ) {
    sendLogo(response, await this.queries.execute(new GetMailLogo(organizationId, fileId, request.ip ?? 'unknown')));
  }
}
