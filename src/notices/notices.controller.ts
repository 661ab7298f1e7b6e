import { Body, Controller, Get, Param, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiCookieAuth, ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { CommandMeta } from '../core/commands/aggregates';
import { Me, Meta } from '../identity/current-user';
import type { CurrentUser } from '../identity/current-user';
import { GetOnMyWay, SendOnMyWay } from './notices.commands';
import type { OnMyWayStatus } from '../shared/notices';
import { OnMyWayDto } from './notices.dto';

@ApiTags('Jobs')
@ApiCookieAuth()
@ApiSecurity('csrf')
@Controller('api/jobs')
export class NoticesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get(':id/on-my-way')
  @ApiOperation({
    summary:
      "Whether the job's customer was told today (the organization's day) that the crew is on the way: when, the arrival chosen and by whom, or sent: null.",
  })
  onMyWayStatus(@Param('id') id: string, @Me() me: CurrentUser): Promise<OnMyWayStatus> {
    return this.queries.execute(new GetOnMyWay(id, me.organizationId));
  }

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
