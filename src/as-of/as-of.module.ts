import { Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { PastReadModelsInterceptor } from './past-read-models.interceptor';

/** Every route: while an upgrade builds a read model of the past, the reads that need it answer 503. */
@Module({ providers: [{ provide: APP_INTERCEPTOR, useClass: PastReadModelsInterceptor }] })
export class AsOfModule {}
