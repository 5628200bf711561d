import { expect, test } from "@playwright/test";
import { AppShell } from "./pages/app-shell";
import { ProfilePage } from "./pages/onboarding-profile-page";
import { ageOn15June, OnboardingWizard } from "./pages/onboarding-wizard";
import { registerViaApi } from "./support/users";

/** Every answer completion needs, as PUT /api/profile takes them. */
const ANSWERS = {
  dateOfBirth: "1990-06-15",
  gender: "Man",
  interestedGenders: ["Women"],
  location: "Leeds",
  bio: "Fell runner who bakes.",
  freeTimeActivities: ["Sports and fitness"],
  values: "Honesty and trust",
  conflictResolution: "Seek compromise and middle ground",
  loveLanguage: "Acts of service",
  relationshipPace: "Moderate pace with regular communication",
  dealbreakers: ["Different social needs"],
};

test("the close button saves progress and leaves; /home resumes there later", async ({ page, request }) => {
  const taken = await registerViaApi(request);
  const user = await registerViaApi(page.request);
  const wizard = new OnboardingWizard(page);
  await page.goto("/home");
  await wizard.expectStep(1);
  await wizard.getStarted();
  await wizard.expectStep(2);
  await page.getByRole("textbox", { name: "Username" }).fill(taken.username);
  await wizard.expectNextRefused(2, "Username is already taken");
  await page.getByRole("textbox", { name: "Username" }).fill(user.username);
  await wizard.next();
  await wizard.expectStep(3);
  await wizard.chooseBirthday(1990, "June", 15);
  await wizard.saveAndExitButton.click();

  await expect(new AppShell(page).toast("Progress saved")).toBeVisible();
  await expect(page.getByRole("heading", { name: `Welcome, ${user.username}`, exact: true })).toBeVisible();

  await page.reload();
  await wizard.expectStep(3, "When were you born?");
  await expect(page.getByText(`You are ${ageOn15June(1990)} years old`)).toBeVisible();
});

test("'Skip (Flexible Timing)' completes the profile as always available", async ({ page }) => {
  await registerViaApi(page.request);
  const res = await page.request.put("/api/profile", {
    data: { ...ANSWERS, questionnaireStep: 17, onboardingCompleted: false },
  });
  expect(res.status(), await res.text()).toBe(200);
  const wizard = new OnboardingWizard(page);
  await page.goto("/home");
  await wizard.expectStep(17, "Preferred call times");
  await page.getByRole("button", { name: "Skip (Flexible Timing)" }).click();

  await expect(new AppShell(page).toast("Call preferences saved")).toBeVisible();
  await expect(page.getByRole("heading", { name: /^Welcome, / })).toBeVisible();
  const profile = new ProfilePage(page);
  await profile.goto();
  await expect(profile.section("Call times")).toContainText("Flexible Timing – always available for calls");
});

test("completing with answers missing names them and links to their steps", async ({ page }) => {
  await registerViaApi(page.request);
  const { bio: _bio, location: _location, ...partial } = ANSWERS;
  const res = await page.request.put("/api/profile", {
    data: { ...partial, questionnaireStep: 18, onboardingCompleted: false },
  });
  expect(res.status(), await res.text()).toBe(200);
  const wizard = new OnboardingWizard(page);
  await page.goto("/home");
  await wizard.expectOpened(18, "Profile Complete!");
  await wizard.getStarted();

  await expect(wizard.error).toContainText("Please complete: Location, Bio");
  await page.getByRole("button", { name: "Go to Bio" }).click();
  await wizard.expectStep(9, "Tell us about yourself");
});

test("/profile/subscription opens the plans; a photo can be uploaded and removed", async ({ page }) => {
  await registerViaApi(page.request);
  const profile = new ProfilePage(page);
  await profile.goto("/profile/subscription");
  await expect(profile.subscriptionTab).toHaveAttribute("aria-selected", "true");
  await expect(profile.plan("Free")).toContainText("Current Plan");
  // Call lengths come from the table the server enforces: premium's 'Extended calls' are 30 minutes.
  await expect(profile.plan("Free")).toContainText("Calls of 5, 10, then 20 minutes");
  await expect(profile.plan("Premium")).toContainText("Extended calls");
  await expect(profile.plan("Premium")).toContainText("Calls of 5, 10, 20, then 30 minutes");

  await profile.profileTab.click();
  await expect(page).toHaveURL(/\/profile$/);
  const photo = profile.section("Photo");
  await expect(photo).toContainText("No photo yet");
  const input = page.getByLabel("Upload photo");
  await input.setInputFiles({
    name: "notes.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("not an image"),
  });
  await expect(photo.getByRole("alert")).toHaveText("Please upload a JPEG, PNG or WebP image.");

  await input.setInputFiles({
    name: "me.png",
    mimeType: "image/png",
    buffer: Buffer.from(PNG_1PX, "base64"),
  });
  const img = photo.getByRole("img", { name: "Your profile" });
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  await expect(photo.getByRole("alert")).toHaveCount(0);

  await photo.getByRole("button", { name: "Remove" }).click();
  await expect(photo).toContainText("No photo yet");
});

const PNG_1PX =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
