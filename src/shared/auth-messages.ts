// No zod here: the sign-in page imports these and must stay small.
export const MIN_PASSWORD_LENGTH = 6;

export const AUTH_MESSAGES = {
  fillAllFields: 'Please fill in all fields',
  passwordsDoNotMatch: 'Passwords do not match',
  passwordTooShort: 'Password must be at least 6 characters long',
  passwordBlank: 'Password cannot be only spaces',
  fillOrganizationDetails: 'Please fill in all organization details',
  selectProduct: 'Please select at least one product',
  invalidEmail: 'Please enter a valid email',
  emailTaken: 'User already registered',
  invalidCredentials: 'Invalid email or password',
  tooManySignIns: 'Too many sign-in attempts. Please wait a few minutes and try again.',
  tooManySignUps: 'Too many sign-up attempts. Please wait a few minutes and try again.',
  unknownProduct: 'One or more selected products do not exist',
} as const;
