// SPEC §9: the gradient behind an emoji avatar is one of six presets, picked by the sum of the name's
// character codes, so a person keeps their colour on every screen.
const GRADIENTS = [
  "from-rose-400 to-violet-500",
  "from-amber-300 to-rose-500",
  "from-sky-400 to-violet-500",
  "from-emerald-300 to-sky-500",
  "from-fuchsia-400 to-rose-400",
  "from-violet-400 to-indigo-500",
] as const;

export function avatarGradient(seed: string): string {
  let sum = 0;
  for (const char of seed) sum += char.codePointAt(0) ?? 0;
  return GRADIENTS[sum % GRADIENTS.length] ?? GRADIENTS[0];
}
