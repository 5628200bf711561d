export function SectionHeading({ eyebrow, title, text }: { eyebrow: string; title: string; text: string }) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <p className="font-semibold text-rose-700 text-sm uppercase tracking-wider">{eyebrow}</p>
      <h2 className="mt-2 font-bold text-3xl text-stone-900 tracking-tight sm:text-4xl">{title}</h2>
      <p className="mt-4 text-lg text-stone-600">{text}</p>
    </div>
  );
}
