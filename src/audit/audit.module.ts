import { Module } from '@nestjs/common';
import { AuditController } from './audit.controller';
import { AUDIT_READS } from './audit.queries';

@Module({ controllers: [AuditController], providers: AUDIT_READS })
export class AuditModule {}
