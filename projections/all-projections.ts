import { identityProjections } from './identity';
import { Projection } from './runner/projection';

/** Every projection the runner drives, in-process or in the standalone worker. */
export const allProjections: Projection[] = [...identityProjections];
