import { organizationsProjection } from './organizations.projection';
import { sessionsProjection } from './sessions.projection';
import { usersProjection } from './users.projection';

export const identityProjections = [organizationsProjection, usersProjection, sessionsProjection];
