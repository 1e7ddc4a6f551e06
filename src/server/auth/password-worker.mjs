// One password-hashing thread (see password.ts). Plain JavaScript: worker threads do not get the
// TypeScript loader the server runs under.
import { scryptSync } from 'node:crypto';
import { setPriority } from 'node:os';

// Lowest scheduling priority for this thread only (on Linux, setpriority with pid 0 applies to the
// calling thread): while sign-ins keep every core busy hashing, the event loop still gets the CPU
// it needs to answer other requests quickly. Where the OS refuses, hashing runs at normal priority.
try {
  setPriority(19);
} catch {
  // not permitted here: keep the default priority
}

/** scrypt of an NFKC-normalised password with a hex salt; the key as hex. */
export default function derive({ password, salt, N, r, p, dkLen }) {
  return scryptSync(password, salt, dkLen, { N, r, p, maxmem: 128 * N * r * 2 }).toString('hex');
}
