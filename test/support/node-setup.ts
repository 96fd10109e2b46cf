// Global set-up of the `node` test project: a current dist/ (see fresh-build.ts).
import { node } from './fresh-build.js';

export default node;
