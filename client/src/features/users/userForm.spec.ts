import { describe, expect, it } from 'vitest';
import { userFormRules, userFormValues, userPayload } from './userForm';
import type { User } from './users';

const jane: User = {
  id: 'u1',
  firstName: 'Jane',
  lastName: 'Doe',
  fullName: 'Jane Doe',
  email: 'jane@acme.test',
  employeeId: 'E7',
  phoneNumber: '(555) 123-4567',
  colorCode: '#e2435b',
  roles: ['Customer Manager'],
  active: false,
  profilePictureUrl: null,
};

const check = (mode: 'create' | 'edit', values: ReturnType<typeof userFormValues>) => {
  const rules = userFormRules(mode);
  return Object.fromEntries(
    Object.entries(rules).map(([field, rule]) => [field, rule(values[field as keyof typeof values] as string, values)]),
  );
};

describe('user form', () => {
  it('starts a new user as an active Associate on the first free colour, invited to choose their own password', () => {
    expect(userFormValues(null)).toMatchObject({
      role: 'Associate',
      colorCode: '#4263EB',
      active: true,
      access: 'invite',
      password: '',
    });
    expect(userFormValues(null, new Map([['#4263EB', ['Maria Lopez']]])).colorCode).toBe('#1098AD');
  });

  it('fills the form from the user being edited', () => {
    expect(userFormValues(jane)).toMatchObject({
      firstName: 'Jane',
      role: 'Customer Manager',
      active: false,
      colorCode: '#e2435b',
    });
  });

  it('requires names, a valid e-mail, a role and, when setting one, a password on create', () => {
    const errors = check('create', { ...userFormValues(null), access: 'password', email: 'not-an-email', role: '' });
    expect(errors).toMatchObject({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Enter a valid email address',
      role: 'Role is required',
      password: 'Password is required',
    });
    expect(check('create', { ...userFormValues(null), email: '' }).email).toBe('Email is required');
  });

  it('asks for at least 8 characters of password on create, none on edit', () => {
    expect(check('create', { ...userFormValues(null), access: 'password', password: 'short' }).password).toBe(
      'Password must be at least 8 characters long',
    );
    expect(check('edit', userFormValues(jane)).password).toBeNull();
  });

  it('accepts a complete user', () => {
    const errors = check('create', {
      ...userFormValues(null),
      firstName: 'A',
      lastName: 'B',
      email: 'a@b.co',
      password: 'long enough',
    });
    expect(Object.values(errors).every((e) => e === null)).toBe(true);
  });

  it('asks no password of an invited user, and sends invite: true instead', () => {
    const invited = { ...userFormValues(null), firstName: 'Ina', lastName: 'V', email: 'ina@x.co' };
    expect(check('create', invited).password).toBeNull();
    const payload = userPayload({ ...invited, password: 'typed before switching' }, 'create');
    expect(payload).toMatchObject({ firstName: 'Ina', invite: true });
    expect(payload).not.toHaveProperty('password');
  });

  it('sends one role in a list, the password only on create and the active flag only on edit', () => {
    const created = userPayload(
      {
        ...userFormValues(null),
        access: 'password',
        firstName: ' Ann ',
        lastName: 'Lee',
        email: 'ann@x.co',
        password: 'secret123',
      },
      'create',
    );
    expect(created).toMatchObject({
      firstName: 'Ann',
      roles: ['Associate'],
      password: 'secret123',
      employeeId: null,
      phoneNumber: null,
    });
    expect(created).not.toHaveProperty('active');
    expect(created).not.toHaveProperty('invite');
    const edited = userPayload(userFormValues(jane), 'edit');
    expect(edited).toMatchObject({ roles: ['Customer Manager'], active: false, colorCode: '#E2435B' });
    expect(edited).not.toHaveProperty('password');
  });
});
