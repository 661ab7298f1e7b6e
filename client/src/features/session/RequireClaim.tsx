import { Outlet } from 'react-router-dom';
import { AccessDenied } from './AccessDenied';
import type { Claim } from '../../../../src/shared/session';
import { useHasClaim } from './session';

/** Client-side guard of a route (the server enforces the same claim on every call). */
export function RequireClaim({ claim }: { claim: Claim }) {
  const allowed = useHasClaim(claim);
  return allowed ? <Outlet /> : <AccessDenied />;
}
