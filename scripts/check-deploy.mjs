// `npm run check:deploy [-- --machines N]`: what the environment lacks for production (docs/deploy.md).
import { runCommandLine } from './lib.mjs';

runCommandLine('check-deploy', process.argv.slice(2));
