import type { LoginInput } from "@kindred/shared/auth";
import type { SelfUser } from "@kindred/shared/user";
import { apiJson } from "@/lib/api";

export function login(input: LoginInput): Promise<SelfUser> {
  return apiJson<SelfUser>("POST", "/api/login", input);
}
