import { lazy } from "react";
import { Route, Routes } from "react-router";
import { useAuth } from "@/lib/auth";
import { lazyPart } from "@/lib/lazy-part";
import { RootLayout } from "./layout/root-layout";
import { GuestOnly, RequireAuth } from "./route-guards";
import { LandingPage } from "./routes/landing";

// The landing page stays in the entry chunk: made lazy, the pieces it shares with the landing page's
// own entry (visitor.tsx) split into a dozen more files for both (measured). Every other screen is a
// chunk of its own; the sign-in page's, like the landing page's, is only for those the server did not
// send its pre-rendered copy (visitor-auth.tsx): a stale session cookie, a move from another page.
/** The signed-in pages' code, also fetched at start beside the session and the page's data (preload.ts). */
export const signedInPages = {
  "/home": () => import("./routes/home"),
  "/matches": () => import("./routes/matches"),
  "/chats": () => import("./routes/chats"),
  "/conversation/": () => import("./routes/conversation"),
  "/profile": () => import("./routes/profile"),
};
const AuthPage = lazy(() => import("./routes/auth").then((m) => ({ default: m.AuthPage })));
// The pages the server renders (server-render.tsx) are parts it names to the browser (lib/lazy-part.tsx).
const HomePage = lazyPart("home", () => signedInPages["/home"]().then((m) => m.HomePage));
const ChatsPage = lazyPart("chats", () => signedInPages["/chats"]().then((m) => m.ChatsPage));
const ConversationPage = lazyPart("conversation", () =>
  signedInPages["/conversation/"]().then((m) => m.ConversationPage),
);
const MatchesPage = lazyPart("matches", () => signedInPages["/matches"]().then((m) => m.MatchesPage));
const OtherProfilePage = lazy(() =>
  import("./routes/other-profile").then((m) => ({ default: m.OtherProfilePage })),
);
const DebugMatchesPage = lazy(() =>
  import("./routes/debug-matches").then((m) => ({ default: m.DebugMatchesPage })),
);
const ProfilePage = lazyPart("profile", () => signedInPages["/profile"]().then((m) => m.ProfilePage));
const SettingsPage = lazy(() => import("./routes/settings").then((m) => ({ default: m.SettingsPage })));
const CallPage = lazy(() => import("./routes/call").then((m) => ({ default: m.CallPage })));
const NotFoundPage = lazy(() => import("./routes/not-found").then((m) => ({ default: m.NotFoundPage })));
const AccountDeletedPage = lazy(() =>
  import("./routes/account-deleted").then((m) => ({ default: m.AccountDeletedPage })),
);
const ForgotPasswordPage = lazy(() =>
  import("./routes/forgot-password").then((m) => ({ default: m.ForgotPasswordPage })),
);
const ResetPasswordPage = lazy(() =>
  import("./routes/reset-password").then((m) => ({ default: m.ResetPasswordPage })),
);
const VerifyEmailPage = lazy(() =>
  import("./routes/verify-email").then((m) => ({ default: m.VerifyEmailPage })),
);
const UnsubscribePage = lazy(() =>
  import("./routes/unsubscribe").then((m) => ({ default: m.UnsubscribePage })),
);
const AppealPage = lazy(() => import("./routes/appeal").then((m) => ({ default: m.AppealPage })));
// A small guard; the console behind it is a chunk of its own that only moderators and admins load.
const ModerationPage = lazy(() => import("./routes/moderation").then((m) => ({ default: m.ModerationPage })));
const SocketTestPage = lazy(() =>
  import("./routes/socket-test").then((m) => ({ default: m.SocketTestPage })),
);
const RtcTestPage = lazy(() => import("./routes/rtc-test").then((m) => ({ default: m.RtcTestPage })));
const SimpleRtcTestPage = lazy(() =>
  import("./routes/simple-rtc-test").then((m) => ({ default: m.SimpleRtcTestPage })),
);
const RtcTestOldPage = lazy(() =>
  import("./routes/rtc-test-old").then((m) => ({ default: m.RtcTestOldPage })),
);
const SimpleWsTestPage = lazy(() =>
  import("./routes/simple-ws-test").then((m) => ({ default: m.SimpleWsTestPage })),
);
const WsDiagnosticsPage = lazy(() =>
  import("./routes/ws-diagnostics").then((m) => ({ default: m.WsDiagnosticsPage })),
);

/** /auth in the whole app (a visitor with a session cookie, or a move from another page). */
function AppAuthPage() {
  const { signedIn } = useAuth();
  return <AuthPage onSignedIn={signedIn} />;
}

/** The route table of SPEC §2. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route element={<GuestOnly />}>
          <Route path="/" element={<LandingPage />} />
          <Route path="/auth" element={<AppAuthPage />} />
        </Route>
        <Route element={<RequireAuth />}>
          <Route path="/home" element={<HomePage />} />
          <Route path="/matches" element={<MatchesPage />} />
          <Route path="/profile" element={<ProfilePage />} />
          <Route path="/profile/subscription" element={<ProfilePage />} />
          <Route path="/profile/:userId" element={<OtherProfilePage />} />
          <Route path="/settings" element={<SettingsPage />} />
          <Route path="/socket-test" element={<SocketTestPage />} />
          <Route path="/rtc-test" element={<RtcTestPage />} />
          <Route path="/simple-rtc-test" element={<SimpleRtcTestPage />} />
          <Route path="/rtc-test-old" element={<RtcTestOldPage />} />
          <Route path="/call/:id" element={<CallPage />} />
          <Route path="/chats" element={<ChatsPage />} />
          <Route path="/conversation/:id" element={<ConversationPage />} />
        </Route>
        {/* Open to all: the page itself tells a logged-out visitor to sign in (SPEC §2). */}
        <Route path="/debug-matches" element={<DebugMatchesPage />} />
        <Route path="/simple-ws-test" element={<SimpleWsTestPage />} />
        <Route path="/ws-diagnostics" element={<WsDiagnosticsPage />} />
        <Route path="/goodbye" element={<AccountDeletedPage />} />
        {/* Mailed links and 'Forgot password?': open signed in or out (a link may be opened anywhere). */}
        <Route path="/forgot-password" element={<ForgotPasswordPage />} />
        <Route path="/reset-password" element={<ResetPasswordPage />} />
        <Route path="/verify-email" element={<VerifyEmailPage />} />
        <Route path="/unsubscribe" element={<UnsubscribePage />} />
        <Route path="/appeal" element={<AppealPage />} />
        {/* Not behind RequireAuth: to anyone but staff, signed in or not, it is the unknown page. */}
        <Route path="/moderation" element={<ModerationPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
