// A shared deadline for the server's parts of something that must go on without them (a print on a
// link that takes the request and never answers: the buttons were busy for good).

/**
 * How long a print waits for the server's parts (its record of the print, the letterhead, the
 * allergies, the sheet's code): then it prints without them, as when the server does not answer.
 */
export const PRINT_WAIT_MS = 10_000;

/** Bounds a promise by a deadline: its value, or the fallback. */
export type Within = <T>(work: Promise<T>, fallback: T) => Promise<T>;

/** Each promise given answers its own value, or `fallback` once the deadline (`ms` from now) has passed. */
export function deadline(ms: number): Within {
  const end = Date.now() + ms;
  return <T>(work: Promise<T>, fallback: T) =>
    new Promise<T>((resolve) => {
      const timer = setTimeout(() => resolve(fallback), Math.max(0, end - Date.now()));
      work.then(
        (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        () => {
          clearTimeout(timer);
          resolve(fallback);
        },
      );
    });
}
