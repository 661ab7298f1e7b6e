import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiCookieAuth, ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { CommandMeta } from '../core/commands/aggregates';
import { Me, Meta, RequireClaim } from './current-user';
import type { CurrentUser } from './current-user';
import { CreateUserDto, UpdateUserDto, UsersPagedQueryDto } from './identity.dto';
import { CreateUser, DeleteUser, ResendInvitation, UpdateUser } from './identity.commands';
import { ListActiveEmployees, ListUsers } from './identity.queries';
import type { Role } from '../shared/session';

function roleOf(body: { roles?: Role; role?: Role }) {
  return body.roles ?? body.role;
}

@ApiTags('Users')
@ApiCookieAuth()
@ApiSecurity('csrf')
@RequireClaim('users.crud')
@Controller('api/users')
export class UsersController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get('paged')
  @ApiOperation({ summary: 'Users of my organization: search, paging (50), firstName ascending by default.' })
  list(@Query() query: UsersPagedQueryDto, @Me() me: CurrentUser) {
    return this.queries.execute(new ListUsers(me.organizationId, query));
  }

  @Get('lookup')
  @RequireClaim('jobs.crud')
  @ApiOperation({
    summary: "Active employees for the schedule's pickers (jobs.crud): id, fullName, colorCode; by name, at most 1000.",
  })
  lookup(@Me() me: CurrentUser) {
    return this.queries.execute(new ListActiveEmployees(me.organizationId));
  }

  @Post()
  @ApiOperation({
    summary: 'Create a user (role required; a password, or invite: true to e-mail them a link to choose their own).',
  })
  async create(@Body() body: CreateUserDto, @Meta() meta: CommandMeta) {
    const { roles: _roles, role: _role, ...fields } = body;
    const { userId } = await this.commands.execute(new CreateUser({ ...fields, role: roleOf(body) as Role }, meta));
    return { success: true, data: { id: userId } };
  }

  @Post(':id/invitation')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'E-mail a new invitation link to a user who has not chosen a password yet; the previous link stops working.',
  })
  async resendInvitation(@Param('id') id: string, @Meta() meta: CommandMeta) {
    await this.commands.execute(new ResendInvitation(id, meta));
    return { success: true };
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Edit a user, including the active flag. Deactivation ends their sessions at once.' })
  async update(@Param('id') id: string, @Body() body: UpdateUserDto, @Meta() meta: CommandMeta) {
    const { roles: _roles, role: _role, active, ...fields } = body;
    const role = roleOf(body);
    // A null active flag is not given, like a missing one.
    await this.commands.execute(
      new UpdateUser(id, { ...fields, active: active ?? undefined, ...(role ? { role } : {}) }, meta),
    );
    return { success: true };
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Delete a user. Their sessions end at once; their history stays.' })
  async remove(@Param('id') id: string, @Meta() meta: CommandMeta) {
    await this.commands.execute(new DeleteUser(id, meta));
    return { success: true };
  }
}
