import { Body, Controller, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiCookieAuth, ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { CommandMeta } from '../core/commands/aggregates';
import { Me, Meta } from '../identity/current-user';
import type { CurrentUser } from '../identity/current-user';
import { SendOnMyWay } from './notices.commands';
import { OnMyWayDto } from './notices.dto';

@ApiTags('Jobs')
@ApiCookieAuth()
@ApiSecurity('csrf')
@Controller('api/jobs')
export class NoticesController {
  constructor(private readonly commands: CommandBus) {}

  @Post(':id/on-my-way')
  @ApiOperation({
    summary:
      "On my way: a crew member of the job e-mails its customer that they are on the way (etaMinutes 15, 30, 45 or 60); once per job and day; the job's History shows it.",
  })
  async onMyWay(@Param('id') id: string, @Body() body: OnMyWayDto, @Me() me: CurrentUser, @Meta() meta: CommandMeta) {
    const { message } = await this.commands.execute<SendOnMyWay, { message: string }>(
      new SendOnMyWay(id, body.etaMinutes, me, meta),
    );
    return { success: true, message };
  }
}
