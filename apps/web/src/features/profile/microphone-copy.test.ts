import { describe, expect, it } from "vitest";
import { MICROPHONE_COPY, microphoneErrorText } from "./microphone-copy";

const domError = (name: string) => Object.assign(new Error("x"), { name });

describe("microphoneErrorText", () => {
  it("says how to allow the microphone when it was refused", () => {
    expect(microphoneErrorText(domError("NotAllowedError"))).toBe(MICROPHONE_COPY.refused);
    expect(microphoneErrorText(domError("SecurityError"))).toBe(MICROPHONE_COPY.refused);
    expect(MICROPHONE_COPY.refused).toContain("Allow it in your browser's settings");
  });

  it("tells a missing microphone from a busy one and from a browser that cannot record", () => {
    expect(microphoneErrorText(domError("NotFoundError"))).toBe(MICROPHONE_COPY.missing);
    expect(microphoneErrorText(domError("NotReadableError"))).toBe(MICROPHONE_COPY.busy);
    expect(microphoneErrorText(new TypeError("navigator.mediaDevices is undefined"))).toBe(
      MICROPHONE_COPY.unsupported,
    );
    expect(microphoneErrorText(null)).toBe(MICROPHONE_COPY.unsupported);
  });
});
