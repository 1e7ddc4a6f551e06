// What other modules may use of the auth module (README: layers): signing in with a password (the
// account and invitation flows), and finishing a sign-in better-auth has made (the two-factor code step).
export { signInWithPassword, startSession } from './routes';
