/** The spec's login checks, with its exact messages. An empty e-mail is not a valid format either. */
export interface LoginErrors {
  email?: string;
  password?: string;
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateLogin(email: string, password: string): LoginErrors {
  const errors: LoginErrors = {};
  if (!EMAIL_PATTERN.test(email.trim())) errors.email = "Email format incorrect.";
  if (password.length === 0) errors.password = "Password is required.";
  return errors;
}
