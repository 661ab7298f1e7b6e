const KEY = 'crewclock.login.username';

/** The last e-mail used to sign in on this browser, prefilled next time (spec §2, Login). */
export function rememberedUsername(): string {
  try {
    return localStorage.getItem(KEY) ?? '';
  } catch {
    return '';
  }
}

export function rememberUsername(username: string): void {
  try {
    localStorage.setItem(KEY, username.trim());
  } catch {
    // storage disabled (private mode): prefill is a convenience only
  }
}
