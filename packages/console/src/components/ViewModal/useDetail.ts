import { useEffect, useState } from 'react';

/**
 * The record a detail dialog shows: loaded when `id` is set, cleared when it changes or goes.
 * A failed load closes the dialog (the request helper has shown why); an answer for an id the
 * dialog no longer shows is dropped.
 */
export function useDetail<T>(
  id: number | null,
  load: (id: number) => Promise<{ data: T }>,
  onClose: () => void,
): T | null {
  const [detail, setDetail] = useState<T | null>(null);
  useEffect(() => {
    setDetail(null);
    if (id === null) return;
    let current = true;
    load(id)
      .then((r) => {
        if (current) setDetail(r.data);
      })
      .catch(() => {
        if (current) onClose();
      });
    return () => {
      current = false;
    };
  }, [id, load, onClose]);
  return detail;
}
