import type { AuthProviders } from "@kindred/shared/auth";
import { useEffect, useState } from "react";
import { apiJson } from "@/lib/api";

/** GET /api/auth/providers: the third-party sign-ins this server offers. */
export async function getAuthProviders(): Promise<AuthProviders> {
  const body = await apiJson<Partial<AuthProviders> | null>("GET", "/api/auth/providers");
  return { google: body?.google === true };
}

// Asked once per page load: the sign-in page has no query cache (it loads without the whole app).
let asked: Promise<AuthProviders> | null = null;

/**
 * Until the server has answered (or when it cannot), nothing is offered: a button that fails is worse.
 * Asked from an effect, after the page's first paint, so that it does not compete with it.
 */
export function useAuthProviders(): AuthProviders {
  const [providers, setProviders] = useState<AuthProviders>({ google: false });
  useEffect(() => {
    let live = true;
    asked ??= getAuthProviders().catch(() => ({ google: false }));
    void asked.then((answer) => {
      if (live) setProviders(answer);
    });
    return () => {
      live = false;
    };
  }, []);
  return providers;
}
