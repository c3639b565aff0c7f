import { useCallback, useEffect, useRef, useState } from "react";

/** Ids marked for a while (new orders stay highlighted for `forMs`), unmarked early on demand. */
export function useTimedMarks(forMs: number) {
  const [marked, setMarked] = useState<Record<string, boolean>>({});
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  const unmark = useCallback((id: string) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setMarked((current) => {
      if (!current[id]) return current;
      const { [id]: _gone, ...rest } = current;
      return rest;
    });
  }, []);

  const mark = useCallback(
    (id: string) => {
      setMarked((current) => ({ ...current, [id]: true }));
      clearTimeout(timers.current.get(id));
      timers.current.set(
        id,
        setTimeout(() => unmark(id), forMs),
      );
    },
    [forMs, unmark],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  return { marked, mark, unmark };
}

/** A message that clears itself after `forMs` (the board's "latest news" banner). */
export function useTransientMessage(forMs: number): [string, (message: string) => void] {
  const [message, setMessage] = useState("");
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(""), forMs);
    return () => clearTimeout(timer);
  }, [message, forMs]);
  return [message, setMessage];
}
