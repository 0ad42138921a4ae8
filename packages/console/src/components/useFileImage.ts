import { useEffect, useState } from 'react';
import { fileObjectUrl } from '../services/files';

/** Object URL of an uploaded image (fetched signed), revoked when the component goes. */
export function useFileImage(fileId: number | undefined): string | undefined {
  const [src, setSrc] = useState<string>();
  useEffect(() => {
    if (fileId === undefined) return;
    let live = true;
    let url: string | undefined;
    fileObjectUrl(fileId)
      .then((u) => {
        url = u;
        if (live) setSrc(u);
        else URL.revokeObjectURL(u);
      })
      .catch(() => undefined);
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [fileId]);
  return src;
}
