import { Controller, Delete, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { CommandMeta } from '../core/commands/aggregates';
import { Meta, Public } from '../identity/current-user';
import type { AuthenticatedRequest } from '../identity/current-user';
import type { UnsubscribePageView } from '../shared/customers';
import { ChangeMailOptOut, GetUnsubscribePage } from './unsubscribe.handlers';

/**
 * A customer's unsubscribe link (issue #31 item 5): no session; the token in the path is the key (redacted from the
 * logs). The POST is also RFC 8058's one-click address: a mail provider posts `List-Unsubscribe=One-Click` to it.
 */
@ApiTags('Unsubscribe')
@Public()
@Controller('api/unsubscribe')
export class UnsubscribeController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get(':token')
  @ApiOperation({ summary: "What the unsubscribe page shows (the organization, whether it's done). Records nothing." })
  page(@Param('token') token: string, @Req() request: AuthenticatedRequest): Promise<UnsubscribePageView> {
    return this.queries.execute(new GetUnsubscribePage(token, request.ip ?? 'unknown'));
  }

  @Post(':token')
  @HttpCode(200)
  @ApiOperation({ summary: 'No more visit reminders or feedback requests to this address (one click, RFC 8058).' })
  async unsubscribe(@Param('token') token: string, @Req() request: AuthenticatedRequest, @Meta() meta: CommandMeta) {
    const data = await this.commands.execute(new ChangeMailOptOut(token, true, request.ip ?? 'unknown', meta));
    return { success: true, message: 'You are unsubscribed', data };
  }

  @Delete(':token')
  @ApiOperation({ summary: 'Takes an unsubscribe back: visit reminders and feedback requests again.' })
  async resubscribe(@Param('token') token: string, @Req() request: AuthenticatedRequest, @Meta() meta: CommandMeta) {
    const data = await this.commands.execute(new ChangeMailOptOut(token, false, request.ip ?? 'unknown', meta));
    return { success: true, message: 'You will get these e-mails again', data };
  }
}
