-- A code from the authenticator app works once (RFC 6238 §5.2): the time step of the last code
-- accepted, per user. A sign-in takes a code's step, under a lock on the row, only when it is later
-- than this one, so of two sign-ins (in any server processes) sending the same code, one is signed
-- in and the other refused as a wrong code (modules/two-factor/totp.ts).
-- Null until a code is accepted. No grant: the column is better-auth's table's, which the app role
-- has no rights on (0011); the services write it through the owner connection.
ALTER TABLE "two_factors" ADD COLUMN "last_totp_step" bigint;
