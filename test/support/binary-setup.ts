// Global set-up of the `binary` test project: a current build/chord-patch (see fresh-build.ts).
import { binary } from './fresh-build.js';

export default binary;
