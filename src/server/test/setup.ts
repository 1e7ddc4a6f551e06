import { afterAll } from 'vitest';
import { closePasswordPool } from '../auth/password';

// Each test file runs in a process of its own. End the password-hashing threads before the file's
// process is torn down, as the server does at shutdown, rather than leaving live worker threads to
// the process exit.
afterAll(() => closePasswordPool());
