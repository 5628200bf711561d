import { planOf } from "@kindred/shared/plans";
import type { SelfUser } from "@kindred/shared/user";

export function WelcomeHero({ user }: { user: Pick<SelfUser, "username" | "profileType" | "avatar"> }) {
  const plan = planOf(user.profileType);
  return (
    <section className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-rose-500 to-violet-600 p-8 text-white shadow-lg sm:p-10">
      <div aria-hidden className="absolute -top-20 -right-10 size-64 rounded-full bg-white/10 blur-2xl" />
      <div
        aria-hidden
        className="absolute -bottom-24 left-1/3 size-56 rounded-full bg-violet-300/20 blur-3xl"
      />
      <div className="relative flex items-center gap-5">
        {user.avatar ? (
          <span
            aria-hidden
            className="hidden size-16 shrink-0 items-center justify-center rounded-2xl bg-white/15 text-4xl ring-1 ring-white/30 sm:flex"
          >
            {user.avatar}
          </span>
        ) : null}
        <div>
          <p className="font-medium text-rose-50/90 text-sm">{plan.label} plan</p>
          <h1 className="mt-1 font-bold text-3xl tracking-tight sm:text-4xl">Welcome, {user.username}</h1>
          <p className="mt-2 max-w-xl text-rose-50/90">
            Conversation first, appearance second. Your next meaningful connection starts with a call.
          </p>
        </div>
      </div>
    </section>
  );
}
