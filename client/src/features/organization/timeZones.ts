/** IANA zones the browser knows, plus the current value and UTC if missing (Chromium's list omits UTC). */
export function timeZoneOptions(
  current?: string | null,
  supported: readonly string[] = supportedTimeZones(),
): string[] {
  const zones = new Set(supported);
  zones.add('UTC');
  if (current) zones.add(current);
  return [...zones].sort((a, b) => a.localeCompare(b));
}

function supportedTimeZones(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return [];
  }
}
