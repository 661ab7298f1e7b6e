import { Body, Controller, Delete, Get, Patch, Put, UploadedFile, UseInterceptors } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBody, ApiConsumes, ApiCookieAuth, ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { CommandMeta } from '../core/commands/aggregates';
import type { Upload } from '../core/uploads';
import { Me, Meta } from './current-user';
import type { CurrentUser } from './current-user';
import { FileUploadDto, ProfileDto } from './identity.dto';
import { SetProfilePicture, UpdateProfile } from './identity.commands';
import { GetProfile } from './identity.queries';
import type { ProfileView } from '../shared/profile';
import { imageUpload } from './organization.controller';
import { crewDayHourLabel, crewDaySettingsOnly } from './user.decider';

/** What a save says: of the e-mail settings when only they were sent (their own card), else of the profile. */
function savedMessage(body: ProfileDto, profile: ProfileView): string {
  if (!crewDaySettingsOnly({ ...body })) return 'Your profile has been updated';
  return profile.crewDayEmail
    ? `Tomorrow's jobs will be e-mailed to you every day at ${crewDayHourLabel(profile.crewDayEmailHour)}`
    : "Tomorrow's jobs will not be e-mailed to you";
}

@ApiTags('Profile')
@ApiCookieAuth()
@ApiSecurity('csrf')
@Controller('api/profile')
export class ProfileController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  @ApiOperation({ summary: 'My profile: firstName, lastName, phone, profilePictureUrl.' })
  get(@Me() me: CurrentUser): Promise<ProfileView> {
    return this.queries.execute(new GetProfile(me.userId));
  }

  @Patch()
  @ApiOperation({
    summary:
      "Change my first and last name (required) and phone, and Tomorrow's jobs by e-mail (crewDayEmail, crewDayEmailHour 0–23); those two alone may be sent without the names.",
  })
  async update(@Body() body: ProfileDto, @Meta() meta: CommandMeta) {
    await this.commands.execute(new UpdateProfile(body, meta));
    const data: ProfileView = await this.queries.execute(new GetProfile(meta.actorUserId!));
    return { success: true, message: savedMessage(body, data), data };
  }

  @Put('image')
  @UseInterceptors(imageUpload())
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: FileUploadDto })
  @ApiOperation({ summary: 'Upload or replace my picture (multipart field File).' })
  async upload(@UploadedFile() file: Upload | undefined, @Meta() meta: CommandMeta) {
    const data = await this.commands.execute(new SetProfilePicture(file ?? ({ size: 0 } as Upload), meta));
    return { success: true, data };
  }

  @Delete('image')
  @ApiOperation({ summary: 'Remove my picture.' })
  async remove(@Meta() meta: CommandMeta) {
    await this.commands.execute(new SetProfilePicture(null, meta));
    return { success: true };
  }
}
