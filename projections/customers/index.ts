import { customersProjection } from './customers.projection';
import { mailOptOutsProjection } from './mail-opt-outs.projection';

export const customersProjections = [customersProjection, mailOptOutsProjection];
export { customersProjection };
