import { customersProjection } from './customers.projection';

export const customersProjections = [customersProjection];
export { customersProjection };
