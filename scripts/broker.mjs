// `npm run broker -- …`: the broker's command line, run from its built bundle.
import { runCommandLine } from './lib.mjs';

runCommandLine('broker', process.argv.slice(2));
