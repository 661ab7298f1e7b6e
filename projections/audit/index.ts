import { auditProjection } from './audit.projection';

export const auditProjections = [auditProjection];
