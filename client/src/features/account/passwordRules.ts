import { isEmailAddress } from '../../../../src/shared/email';
/** Mirrors the server's rule so the user learns it before submitting. */
export const MIN_PASSWORD_LENGTH = 8;
/** The server also refuses common and easily guessed passwords; this tells people how to pass before they try. */
export const PASSWORD_ADVICE = `Use at least ${MIN_PASSWORD_LENGTH} characters that are hard to guess: a phrase of three or four unrelated words works well.`;

export function newPasswordProblem(password: string): string | null {
  if (!password) return 'Password is required';
  if (password.length < MIN_PASSWORD_LENGTH) return `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`;
  return null;
}

export function confirmPasswordProblem(confirm: string, password: string): string | null {
  if (!confirm) return 'Confirm the new password';
  return confirm === password ? null : 'Passwords do not match';
}

export function emailProblem(email: string, requiredMessage = 'Email is required'): string | null {
  const value = email.trim();
  if (!value) return requiredMessage;
  return isEmailAddress(value) ? null : 'Enter a valid email address';
}

/** A new password and its confirmation, as the reset and invitation pages ask for them (@mantine/form's validate). */
export const newPasswordRules = {
  password: newPasswordProblem,
  confirmPassword: (value: string, values: { password: string }) => confirmPasswordProblem(value, values.password),
};
