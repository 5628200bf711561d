import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { getIceConfig } from "../api/get-ice-servers";
import { callManager } from "../call-manager";
import { privacySentence } from "../call-privacy";
import { choiceOf, deviceList, selectedDevice } from "../device-list";
import {
  canChooseSpeaker,
  chooseMicrophone,
  chooseSpeaker,
  chosenMicrophone,
  chosenSpeaker,
} from "../devices";
import { useMediaDevices } from "../hooks/use-media-devices";
import { DeviceSelect } from "./device-select";
import { MicTest } from "./mic-test";

const UNNAMED_HINT = "Test your microphone to see your devices by name.";

/** Whether calls are relayed (addresses hidden) or may connect directly, as the server decides. */
function PrivacyLine() {
  const ice = useQuery({ queryKey: ["/api/calls/ice-servers"], queryFn: getIceConfig, staleTime: 60_000 });
  if (!ice.data) return null;
  return <p className="text-sm text-stone-700">{privacySentence(ice.data.iceTransportPolicy)}</p>;
}

/**
 * The Calls section of the settings page: which microphone and speaker calls use (remembered on this
 * device), a microphone test, and whether the relay hides addresses.
 */
export function CallSettings() {
  const { devices, refresh } = useMediaDevices();
  const [mic, setMic] = useState(chosenMicrophone);
  const [speaker, setSpeaker] = useState(chosenSpeaker);
  const mics = deviceList(devices, "audioinput");
  const speakers = deviceList(devices, "audiooutput");
  const micValue = selectedDevice(mics, mic);

  const pickMicrophone = (value: string) => {
    const id = choiceOf(value);
    chooseMicrophone(id);
    setMic(id);
    // A call going on switches at once, without dropping.
    void callManager.live()?.session.setInputDevice(id);
  };
  const pickSpeaker = (value: string) => {
    const id = choiceOf(value);
    chooseSpeaker(id);
    setSpeaker(id);
  };

  return (
    <div className="grid gap-6">
      <DeviceSelect
        id="call-microphone"
        label="Microphone"
        list={mics}
        value={micValue}
        onChange={pickMicrophone}
        hint={mics.named ? undefined : UNNAMED_HINT}
      />
      {canChooseSpeaker() ? (
        <DeviceSelect
          id="call-speaker"
          label="Speaker"
          list={speakers}
          value={selectedDevice(speakers, speaker)}
          onChange={pickSpeaker}
        />
      ) : null}
      {/* Before permission the list cannot confirm the stored choice: test with it as stored. */}
      <MicTest deviceId={mics.named ? choiceOf(micValue) : mic} onOpened={refresh} />
      <PrivacyLine />
    </div>
  );
}
