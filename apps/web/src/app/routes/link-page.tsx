import { PRODUCT_NAME } from "@kindred/shared/constants";
import type { ReactNode } from "react";
import { BrandLogo } from "@/components/brand-logo";

/**
 * The frame of the pages a mailed link opens (and 'Forgot password?'): open to anyone, signed in or
 * not. `noReferrer` for pages whose URL holds a secret: the server's pages already send
 * Referrer-Policy: no-referrer, and the meta keeps it so wherever the page is served from.
 */
export function LinkPage({
  title,
  intro,
  noReferrer = false,
  children,
}: {
  title: string;
  intro?: ReactNode;
  noReferrer?: boolean;
  children: ReactNode;
}) {
  return (
    <section className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center px-4 py-10">
      <title>{`${title} · ${PRODUCT_NAME}`}</title>
      {noReferrer ? <meta name="referrer" content="no-referrer" /> : null}
      <div className="mb-6 text-center">
        <BrandLogo large />
        <h1 className="mt-4 font-bold text-2xl text-stone-900 tracking-tight">{title}</h1>
        {intro ? <p className="mt-2 text-stone-600">{intro}</p> : null}
      </div>
      <div className="rounded-3xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8">{children}</div>
    </section>
  );
}
