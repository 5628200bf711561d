import type { AuthProviders } from "@kindred/shared/auth";
import { useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";

/** GET /api/auth/providers: the third-party sign-ins this server offers. */
export async function getAuthProviders(): Promise<AuthProviders> {
  const body = await apiJson<Partial<AuthProviders> | null>("GET", "/api/auth/providers");
  return { google: body?.google === true };
}

/** Until the server has answered (or when it cannot), nothing is offered: a button that fails is worse. */
export function useAuthProviders(): AuthProviders {
  const { data } = useQuery({ queryKey: ["/api/auth/providers"], queryFn: getAuthProviders });
  return data ?? { google: false };
}
