import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { GoogleSignIn } from "./google-button";
import { LoginForm } from "./login-form";
import { RegisterForm } from "./register-form";

export type AuthTab = "login" | "register";

/** The two tabs and their forms, and Google sign-in: the part of /auth that carries zod and the form code. */
export function AuthCard({ tab, onSelectTab }: { tab: AuthTab; onSelectTab: (tab: string) => void }) {
  return (
    <>
      <Tabs value={tab} onValueChange={onSelectTab}>
        <TabsList className="grid w-full grid-cols-2">
          <TabsTrigger value="login">Sign In</TabsTrigger>
          <TabsTrigger value="register">Create Account</TabsTrigger>
        </TabsList>
        <TabsContent value="login">
          <LoginForm />
        </TabsContent>
        <TabsContent value="register">
          <RegisterForm />
        </TabsContent>
      </Tabs>
      <GoogleSignIn />
    </>
  );
}
