import { Module } from '@nestjs/common';
import { SessionResolver } from '../identity/sessions.service';
import { Realtime } from './realtime.service';

@Module({ providers: [SessionResolver, Realtime], exports: [SessionResolver, Realtime] })
export class RealtimeModule {}
