import type { RegisterInput } from "@kindred/shared/auth";
import type { SelfUser } from "@kindred/shared/user";
import { apiJson } from "@/lib/api";

export function register(input: RegisterInput): Promise<SelfUser> {
  return apiJson<SelfUser>("POST", "/api/register", input);
}
