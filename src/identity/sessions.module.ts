import { Module } from '@nestjs/common';
import { SessionResolver } from './sessions.service';

/** One SessionResolver (it remembers sessions' last use) for the API's guard and the socket.io handshake alike. */
@Module({ providers: [SessionResolver], exports: [SessionResolver] })
export class SessionsModule {}
