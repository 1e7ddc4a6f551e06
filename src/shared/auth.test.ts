import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, signUpAccount, signUpCompany, signUpInput } from './auth';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

const account = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', password: 'secret1', confirmPassword: 'secret1' };
const company = {
  companyName: 'Analytical Engines',
  organizationName: 'Engines Ltd',
  entityName: 'London',
  country: 'United Kingdom',
  selectedProducts: ['3f1c8a8e-2b1e-4c55-9d2a-1f0b8f5e7a11'],
};

describe('sign-up step 1', () => {
  it('asks for every field first', () => {
    expect(firstMessage(signUpAccount.safeParse({ ...account, lastName: '  ' }))).toBe(AUTH_MESSAGES.fillAllFields);
    expect(firstMessage(signUpAccount.safeParse({ ...account, confirmPassword: '' }))).toBe(AUTH_MESSAGES.fillAllFields);
  });
  it('then checks the passwords match, then their length', () => {
    expect(firstMessage(signUpAccount.safeParse({ ...account, confirmPassword: 'other1' }))).toBe(AUTH_MESSAGES.passwordsDoNotMatch);
    expect(firstMessage(signUpAccount.safeParse({ ...account, password: '12345', confirmPassword: '12345' }))).toBe(AUTH_MESSAGES.passwordTooShort);
  });
  it('lowercases and trims the email', () => {
    const parsed = signUpAccount.parse({ ...account, email: '  Ada@Example.COM ' });
    expect(parsed.email).toBe('ada@example.com');
  });
  it('rejects an email without @', () => {
    expect(firstMessage(signUpAccount.safeParse({ ...account, email: 'ada.example.com' }))).toBe(AUTH_MESSAGES.invalidEmail);
  });
});

describe('sign-up step 2', () => {
  it('needs every organization detail', () => {
    for (const key of ['companyName', 'organizationName', 'entityName', 'country'] as const) {
      expect(firstMessage(signUpCompany.safeParse({ ...company, [key]: '' }))).toBe(AUTH_MESSAGES.fillOrganizationDetails);
    }
  });
  it('needs at least one product', () => {
    expect(firstMessage(signUpCompany.safeParse({ ...company, selectedProducts: [] }))).toBe(AUTH_MESSAGES.selectProduct);
  });
  it('accepts only the listed countries', () => {
    expect(signUpCompany.safeParse({ ...company, country: 'Atlantis' }).success).toBe(false);
    expect(signUpCompany.safeParse({ ...company, country: 'Other' }).success).toBe(true);
  });
});

describe('whole sign-up body', () => {
  it('rejects keys the client may not set', () => {
    expect(signUpInput.safeParse({ ...account, ...company, role: 'super_admin' }).success).toBe(false);
    expect(signUpInput.safeParse({ ...account, ...company }).success).toBe(true);
  });
});
