// What the device selects of the settings page offer, from navigator.mediaDevices.enumerateDevices().

/** The select's value for "no choice": the browser's default device (Radix items need a non-empty value). */
export const DEFAULT_DEVICE = "default";

export interface DeviceOption {
  value: string;
  label: string;
}

export interface DeviceList {
  options: DeviceOption[];
  /** Without microphone permission the browser hides device ids and names: only Default is listed. */
  named: boolean;
}

/**
 * Default first, then each real device of that kind. Chromium's own "default" and "communications"
 * entries repeat a real device, so they are left out.
 */
export function deviceList(devices: readonly MediaDeviceInfo[], kind: MediaDeviceKind): DeviceList {
  const fallbackName = kind === "audiooutput" ? "Speaker" : "Microphone";
  const real = devices.filter(
    (device) =>
      device.kind === kind && device.deviceId && !["default", "communications"].includes(device.deviceId),
  );
  const options = real.map((device, index) => ({
    value: device.deviceId,
    label: device.label || `${fallbackName} ${index + 1}`,
  }));
  return { options: [{ value: DEFAULT_DEVICE, label: "Default" }, ...options], named: options.length > 0 };
}

/**
 * The select's value: the chosen device while it is plugged in, else Default (unplugged, or never
 * chosen). While the list is unnamed the choice cannot be checked; it is kept and shown as Default.
 */
export function selectedDevice(list: DeviceList, chosen: string | null): string {
  if (!chosen) return DEFAULT_DEVICE;
  return list.options.some((option) => option.value === chosen) ? chosen : DEFAULT_DEVICE;
}

/** A select value back to a stored choice: Default is no choice. */
export function choiceOf(value: string): string | null {
  return value === DEFAULT_DEVICE ? null : value;
}
