import { useCallback, useEffect, useState } from "react";

/**
 * The browser's audio devices, listed again when one is plugged in or out, and on `refresh()` (after
 * microphone permission is granted, the list gains the devices' ids and names).
 */
export function useMediaDevices(): { devices: MediaDeviceInfo[]; refresh: () => void } {
  const [devices, setDevices] = useState<MediaDeviceInfo[]>([]);

  const refresh = useCallback(() => {
    const media = navigator.mediaDevices;
    if (!media?.enumerateDevices) return;
    media
      .enumerateDevices()
      .then(setDevices)
      .catch(() => setDevices([]));
  }, []);

  useEffect(() => {
    refresh();
    const media = navigator.mediaDevices;
    media?.addEventListener("devicechange", refresh);
    return () => media?.removeEventListener("devicechange", refresh);
  }, [refresh]);

  return { devices, refresh };
}
