/**
 * A process that competes for a DATA_DIR lock when told to (data-dir-lock.test.ts): "go" tries
 * lockDataDir(dir) and answers "won" or the refusal.
 */
import { lockDataDir } from '../db/data-dir-lock';

const dir = process.argv[2]!;
process.on('message', (message) => {
  if (message === 'go') {
    try {
      lockDataDir(dir);
      process.send!('won');
    } catch (e) {
      process.send!(`refused: ${(e as Error).message}`);
    }
  } else if (message === 'exit') {
    process.exit(0);
  }
});
process.send!('ready');
