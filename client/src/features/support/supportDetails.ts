import type { SessionPayload } from '../../../../src/shared/session';

/** The facts a support person needs to find an organization and reproduce a problem. */
export function supportDetails(
  session: Pick<SessionPayload, 'company' | 'user'>,
  userAgent: string,
): [string, string][] {
  return [
    ['Organization', session.company.name],
    ['Organization ID', session.company.id],
    ['Signed in as', `${session.user.fullName} <${session.user.email}>`],
    ['Time zone', session.company.timeZone],
    ['Browser', userAgent],
  ];
}

export function supportMailto(email: string, companyName: string, details: string): string {
  const subject = `Support request from ${companyName}`;
  const body = `Describe what happened and what you expected:\n\n\n---\n${details}\n`;
  return `mailto:${email}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
