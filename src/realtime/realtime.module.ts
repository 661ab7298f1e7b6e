import { Module } from '@nestjs/common';
import { NOTIFIER } from '../core/change-notice';
import { SessionsModule } from '../identity/sessions.module';
import { Realtime } from './realtime.service';

/** The socket.io gateway, and it as core's NOTIFIER (src/app.module.ts hands this module to CoreModule.forRoot). */
@Module({
  imports: [SessionsModule],
  providers: [Realtime, { provide: NOTIFIER, useExisting: Realtime }],
  exports: [Realtime, NOTIFIER],
})
export class RealtimeModule {}
