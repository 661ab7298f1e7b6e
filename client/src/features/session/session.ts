import { useAppStore } from '../../app/store';
import type { Claim } from '../../../../src/shared/session';

export const SESSION_URL = '/api/session';

export const useHasClaim = (claim: Claim) => useAppStore((s) => s.session?.claims.includes(claim) ?? false);
export const useIsCompanyAdmin = () => useAppStore((s) => s.session?.user.roles.includes('Company Admin') ?? false);
