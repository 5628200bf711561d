import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { choiceOf, DEFAULT_DEVICE, deviceList, selectedDevice } from "./device-list";
import {
  audioConstraints,
  chooseMicrophone,
  chooseSpeaker,
  chosenMicrophone,
  chosenSpeaker,
  onSpeakerChange,
  openMicrophone,
} from "./devices";

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

function mediaError(name: string): Error {
  return Object.assign(new Error(name), { name });
}

const stream = { id: "stream" } as unknown as MediaStream;

describe("openMicrophone (SPEC §9 audio)", () => {
  const getUserMedia = vi.fn<(constraints: MediaStreamConstraints) => Promise<MediaStream>>();
  beforeEach(() => {
    getUserMedia.mockReset();
    vi.stubGlobal("navigator", { mediaDevices: { getUserMedia } });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("asks for processed audio and no video, with the chosen device exactly", async () => {
    getUserMedia.mockResolvedValue(stream);
    await expect(openMicrophone("mic-2")).resolves.toBe(stream);
    expect(getUserMedia).toHaveBeenCalledWith({
      audio: {
        echoCancellation: true,
        noiseSuppression: true,
        autoGainControl: true,
        deviceId: { exact: "mic-2" },
      },
      video: false,
    });
  });

  it("uses the default device when none is chosen", async () => {
    getUserMedia.mockResolvedValue(stream);
    await openMicrophone(null);
    expect(getUserMedia).toHaveBeenCalledTimes(1);
    expect(getUserMedia.mock.calls[0]?.[0]).toEqual(audioConstraints(null));
    expect(audioConstraints(null).audio).not.toHaveProperty("deviceId");
  });

  it.each(["OverconstrainedError", "NotFoundError"])(
    "falls back to the default device when the chosen one is gone (%s)",
    async (name) => {
      getUserMedia.mockRejectedValueOnce(mediaError(name)).mockResolvedValueOnce(stream);
      await expect(openMicrophone("unplugged")).resolves.toBe(stream);
      expect(getUserMedia.mock.calls[1]?.[0]).toEqual(audioConstraints(null));
    },
  );

  it("does not retry a refusal: the person said no", async () => {
    getUserMedia.mockRejectedValue(mediaError("NotAllowedError"));
    await expect(openMicrophone("mic-2")).rejects.toMatchObject({ name: "NotAllowedError" });
    expect(getUserMedia).toHaveBeenCalledTimes(1);
  });
});

describe("the chosen devices", () => {
  beforeEach(() => {
    vi.stubGlobal("localStorage", memoryStorage());
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("are remembered on this device, and Default forgets them", () => {
    expect(chosenMicrophone()).toBeNull();
    chooseMicrophone("mic-2");
    chooseSpeaker("speaker-1");
    expect(chosenMicrophone()).toBe("mic-2");
    expect(chosenSpeaker()).toBe("speaker-1");
    chooseMicrophone(null);
    expect(chosenMicrophone()).toBeNull();
    expect(chosenSpeaker()).toBe("speaker-1");
  });

  it("tells playing audio when the speaker changes", () => {
    const heard = vi.fn();
    const stop = onSpeakerChange(heard);
    chooseSpeaker("speaker-2");
    stop();
    chooseSpeaker(null);
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it("read as Default when storage is blocked", () => {
    vi.stubGlobal("localStorage", {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => {
        throw new Error("SecurityError");
      },
    });
    expect(() => chooseMicrophone("mic-2")).not.toThrow();
    expect(chosenMicrophone()).toBeNull();
  });
});

describe("the device selects", () => {
  const device = (kind: MediaDeviceKind, deviceId: string, label: string) =>
    ({ kind, deviceId, label, groupId: "g" }) as MediaDeviceInfo;
  const devices = [
    device("audioinput", "default", "Default - USB Headset"),
    device("audioinput", "usb", "USB Headset"),
    device("audioinput", "laptop", ""),
    device("audiooutput", "speakers", "Speakers"),
    device("videoinput", "cam", "Camera"),
  ];

  it("list Default first, then each device of that kind, naming the unnamed", () => {
    expect(deviceList(devices, "audioinput")).toEqual({
      named: true,
      options: [
        { value: DEFAULT_DEVICE, label: "Default" },
        { value: "usb", label: "USB Headset" },
        { value: "laptop", label: "Microphone 2" },
      ],
    });
    expect(deviceList(devices, "audiooutput").options.map((o) => o.label)).toEqual(["Default", "Speakers"]);
  });

  it("list only Default before microphone permission (the browser hides ids)", () => {
    const hidden = [device("audioinput", "", ""), device("audiooutput", "", "")];
    expect(deviceList(hidden, "audioinput")).toEqual({
      named: false,
      options: [{ value: DEFAULT_DEVICE, label: "Default" }],
    });
  });

  it("fall back to Default when the chosen device is unplugged", () => {
    const list = deviceList(devices, "audioinput");
    expect(selectedDevice(list, "usb")).toBe("usb");
    expect(selectedDevice(list, "gone")).toBe(DEFAULT_DEVICE);
    expect(selectedDevice(list, null)).toBe(DEFAULT_DEVICE);
    expect(choiceOf(DEFAULT_DEVICE)).toBeNull();
    expect(choiceOf("usb")).toBe("usb");
  });
});
