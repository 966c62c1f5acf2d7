/**
 * The name of the hidden frame that loads the entry's scripts once more through the installed
 * worker (codeCache.ts): the entry (main.tsx) starts nothing in a window of that name.
 */
export const CODE_CACHE_FRAME = 'code-cache';
