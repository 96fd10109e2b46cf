// Replaced at bundle time by scripts/build.mjs with package.json's version.
declare const __CHORD_PATCH_VERSION__: string | undefined;
export const VERSION: string = typeof __CHORD_PATCH_VERSION__ === 'string' ? __CHORD_PATCH_VERSION__ : '0.0.0-dev';
