// A load generator process of `npm run bench:capacity`: runs the members the bench hands it, and
// answers each window's tally over IPC. Pairs stay in one process, so a chat message's push is timed
// on one clock.
import { monitorEventLoopDelay } from "node:perf_hooks";
import { Member } from "./capacity-member.ts";
import type { MemberSpec } from "./capacity-seed.ts";
import { Tally } from "./capacity-tally.ts";

export type ChildMessage =
  | { type: "add"; members: MemberSpec[]; origins: string[]; spreadMs: number }
  | { type: "take"; id: number }
  | { type: "stop"; id: number };

const tally = new Tally();
const members = new Map<number, Member>();
const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();

function add({ members: specs, origins, spreadMs }: Extract<ChildMessage, { type: "add" }>) {
  for (const spec of specs) {
    // Each member keeps to one instance; a pair's two people sit on different ones.
    members.set(spec.index, new Member(spec, origins[spec.index % origins.length] as string, tally));
  }
  specs.forEach((spec, n) => {
    setTimeout(
      () => members.get(spec.index)?.start(members.get(spec.partnerIndex)),
      (n / specs.length) * spreadMs,
    );
  });
}

process.on("message", (message: ChildMessage) => {
  if (message.type === "add") return add(message);
  if (message.type === "take") {
    process.send?.({ id: message.id, tally: tally.take(delay.percentile(99) / 1e6, delay.max / 1e6) });
    delay.reset();
    return;
  }
  for (const member of members.values()) member.stop();
  process.send?.({ id: message.id });
  setTimeout(() => process.exit(0), 500);
});
// A bench that is gone leaves no generator behind.
process.on("disconnect", () => process.exit(0));
