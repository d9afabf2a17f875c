/**
 * One run of `run` at a time. A call while it runs returns the running promise and asks for one
 * more run after it, since the run in flight may have read its input before the change that
 * prompted the call; any number of calls meanwhile make one more run, not many. The promise
 * never rejects: a failure goes to `onError`.
 */
export function coalesced(run: () => Promise<void>, onError: (error: unknown) => void): (() => Promise<void>) & { settled(): Promise<void> } {
  let running: Promise<void> | undefined;
  let again = false;
  const start = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = run()
      .catch(onError)
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          void start();
        }
      });
    return running;
  };
  /** Resolves once no run is in flight, without starting one. */
  const settled = async (): Promise<void> => {
    while (running) await running;
  };
  return Object.assign(start, { settled });
}
