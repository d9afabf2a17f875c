/**
 * Resolves in a later task, so the browser can paint and handle input in between. Code loaded
 * after the first paint is evaluated one chunk per task: a phone spends 50 to 100 ms on each of
 * the larger ones, and run back to back they held its main thread for a quarter of a second.
 */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve));
