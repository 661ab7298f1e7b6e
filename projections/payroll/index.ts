import { payrollExportsProjection } from './payroll-exports.projection';

export const payrollProjections = [payrollExportsProjection];
