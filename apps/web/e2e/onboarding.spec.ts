import { expect, test } from "@playwright/test";
import { AppShell } from "./pages/app-shell";
import { AuthPage } from "./pages/auth-page";
import { ProfilePage } from "./pages/onboarding-profile-page";
import { ageOn15June, OnboardingWizard } from "./pages/onboarding-wizard";
import { newUser } from "./support/users";

test("a new user walks all 18 steps, resumes after a reload, then edits the profile and changes plan", async ({
  page,
}) => {
  // About 150 browser actions: generous for slow, shared CI machines.
  test.setTimeout(240_000);
  const user = newUser("ob");
  const username = `${user.username.slice(0, 26)}_kin`;
  const wizard = new OnboardingWizard(page);
  const shell = new AppShell(page);

  // Register through the form: /home opens the wizard at step 1.
  await new AuthPage(page).goto("register");
  await new AuthPage(page).register(user);
  await expect(page).toHaveURL(/\/home$/);
  await wizard.expectStep(1, `Welcome, ${user.username}!`);
  await wizard.getStarted();

  // 2 Username
  await wizard.expectStep(2, "Choose your username");
  await expect(page.getByRole("textbox", { name: "Username" })).toHaveValue(user.username);
  await page.getByRole("textbox", { name: "Username" }).fill("");
  await wizard.expectNextRefused(2, "Username is required");
  await page.getByRole("textbox", { name: "Username" }).fill(username);
  await wizard.next();

  // 3 Date of birth: year grid up to the year 21 years ago, then the day calendar.
  await wizard.expectStep(3, "When were you born?");
  await wizard.expectNextRefused(3, "Date of birth is required");
  const latestYear = new Date().getFullYear() - 21;
  await expect(page.getByRole("button", { name: String(latestYear), exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: String(latestYear + 1), exact: true })).toHaveCount(0);
  await wizard.chooseBirthday(1990, "June", 15);
  await expect(page.getByText(`You are ${ageOn15June(1990)} years old`)).toBeVisible();
  await wizard.next();

  // 4 Avatar: the picker opens by itself and choosing moves on.
  await wizard.expectStep(4);
  const picker = page.getByRole("dialog", { name: "Choose your avatar" });
  await expect(picker).toBeVisible();
  await picker.getByRole("button", { name: "fox" }).click();
  await wizard.expectStep(5, "How do you identify?");

  // 5 Gender, 6 Interested genders
  await wizard.expectNextRefused(5, "Please select your gender");
  await wizard.radio("Woman").click();
  await wizard.next();
  await wizard.expectStep(6, "Who are you interested in?");
  await wizard.expectNextRefused(6, "Please select at least one gender");
  await wizard.checkbox("Men").click();
  await wizard.checkbox("Non-binary").click();
  await wizard.next();

  // 7 Age range: defaults 21–65, raising the minimum above the maximum lifts it.
  await wizard.expectStep(7, "Preferred age range");
  await expect(page.getByText("Maximum age must be greater than or equal to minimum age")).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Minimum age" })).toHaveText("21");
  await expect(page.getByRole("combobox", { name: "Maximum age" })).toHaveText("65");
  await wizard.selectOption("Minimum age", "70");
  await expect(page.getByRole("combobox", { name: "Maximum age" })).toHaveText("70");
  await wizard.selectOption("Minimum age", "25");
  await wizard.selectOption("Maximum age", "45");
  await expect(page.getByRole("combobox", { name: "Minimum age" })).toHaveText("25");
  await wizard.next();

  // 8 City: a searchable list of the UK cities.
  await wizard.expectStep(8, "Where are you based?");
  await wizard.expectNextRefused(8, "Please select your location");
  const search = page.getByRole("combobox", { name: "Search cities" });
  await search.fill("Atlantis");
  await expect(page.getByText("No city found.")).toBeVisible();
  await search.fill("Bris");
  await page.getByRole("option", { name: "Bristol" }).click();
  await expect(page.getByText("Selected: Bristol")).toBeVisible();
  await wizard.next();
  await wizard.expectStep(9, "Tell us about yourself");

  // Half way: a reload resumes at the saved step with the saved answers.
  await page.reload();
  await wizard.expectStep(9, "Tell us about yourself");
  await wizard.previous();
  await wizard.expectStep(8);
  await expect(page.getByText("Selected: Bristol")).toBeVisible();
  await wizard.previous();
  await expect(page.getByRole("combobox", { name: "Minimum age" })).toHaveText("25");
  await expect(page.getByRole("combobox", { name: "Maximum age" })).toHaveText("45");
  // One step at a time: a second click before step 8 is drawn would land on step 7's Next again.
  await wizard.next();
  await wizard.expectStep(8);
  await wizard.next();

  // 9 Bio
  await wizard.expectStep(9);
  await wizard.expectNextRefused(9, "Bio is required");
  await page.getByRole("textbox", { name: "About me" }).fill("Podcast addict and amateur baker.");
  await wizard.next();

  // 10–16 the questionnaire
  await wizard.expectStep(10, "How do you communicate?");
  await wizard.radio("Expressive and open").click();
  await wizard.next();
  await wizard.expectStep(11);
  await wizard.expectNextRefused(11, "Please select at least one activity");
  await wizard.checkbox("Reading and learning new things").click();
  await wizard.checkbox("Sports and fitness").click();
  await wizard.next();
  await wizard.expectStep(12);
  await wizard.expectNextRefused(12, "Please select your values");
  await wizard.radio("Honesty and trust").click();
  await wizard.next();
  await wizard.expectStep(13);
  await wizard.expectNextRefused(13, "Please select your conflict resolution style");
  await wizard.radio("Listen first, then share my perspective").click();
  await wizard.next();
  await wizard.expectStep(14);
  await wizard.expectNextRefused(14, "Please select your love language");
  await wizard.radio("Quality time together").click();
  await wizard.next();
  await wizard.expectStep(15);
  await wizard.expectNextRefused(15, "Please select your relationship pace");
  await wizard.radio("Moderate pace with regular communication").click();
  await wizard.next();
  await wizard.expectStep(16);
  await wizard.expectNextRefused(16, "Please select at least one dealbreaker");
  await wizard.checkbox("Misaligned future goals").click();
  await wizard.next();

  // 17 Call times: slot rules, then save.
  await wizard.expectStep(17, "Preferred call times");
  await expect(page.getByRole("button", { name: "Skip (Flexible Timing)" })).toBeVisible();
  await wizard.addSlot("Weekdays", "21:00", "18:00");
  await expect(page.getByText("End time must be after start time")).toBeVisible();
  await wizard.addSlot("Weekdays", "18:00", "21:00");
  await wizard.addSlot("Weekdays", "20:00", "22:00");
  await expect(page.getByText("This time slot overlaps with an existing slot")).toBeVisible();
  await wizard.addSlot("Weekends", "10:00", "14:00");
  await page.getByRole("button", { name: "Sunday" }).click();
  const summary = "Weekdays 6:00 PM–9:00 PM · Weekends 10:00 AM–2:00 PM · Not available Sunday";
  await expect(page.getByText(summary)).toBeVisible();
  await wizard.next();
  await expect(shell.toast("Call preferences saved")).toBeVisible();

  // 18 Profile Complete!, then the completion view, then the dashboard.
  await wizard.expectOpened(18, "Profile Complete!");
  await wizard.getStarted();
  await expect(page.getByRole("heading", { name: "You're all set!" })).toBeVisible();
  await expect(page.getByRole("heading", { name: `Welcome, ${username}`, exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/home$/);

  // The profile page shows the answers.
  const profile = new ProfilePage(page);
  await profile.goto();
  await expect(profile.detail("Gender")).toHaveText("Woman");
  await expect(profile.detail("Interested in")).toHaveText("Men, Non-binary");
  await expect(profile.detail("Location")).toHaveText("Bristol");
  await expect(profile.detail("Age preference")).toHaveText("25 – 45");
  await expect(profile.section("About me")).toContainText("Podcast addict and amateur baker.");
  await expect(profile.section("Call times")).toContainText(summary);
  await expect(page.getByRole("img", { name: "Avatar 🦊" })).toBeVisible();

  // 'Update Profile' reopens the wizard at step 2 with the saved answers.
  await profile.updateProfileButton.click();
  await wizard.expectStep(2, "Choose your username");
  await expect(page.getByRole("textbox", { name: "Username" })).toHaveValue(username);
  await wizard.next();
  await wizard.expectStep(3);
  await expect(page.getByText(`You are ${ageOn15June(1990)} years old`)).toBeVisible();
  await wizard.next();
  await wizard.expectStep(4);
  await page.getByRole("dialog").getByRole("button", { name: "panda" }).click();
  await wizard.expectStep(5);
  await expect(wizard.radio("Woman")).toBeChecked();
  for (const step of [5, 6, 7, 8]) {
    await wizard.expectStep(step);
    await wizard.next();
  }
  await wizard.expectStep(9);
  await expect(page.getByRole("textbox", { name: "About me" })).toHaveValue(
    "Podcast addict and amateur baker.",
  );
  await page
    .getByRole("textbox", { name: "About me" })
    .fill("Podcast addict, amateur baker and weekend cyclist.");
  for (const step of [9, 10, 11, 12, 13, 14, 15, 16, 17]) {
    await wizard.expectStep(step);
    await wizard.next();
  }
  await wizard.expectOpened(18, "Profile Complete!");
  await page.getByRole("button", { name: "Save Profile" }).click();
  await expect(shell.toast("Profile updated")).toBeVisible();
  await expect(shell.toast("Your profile has been successfully updated.")).toBeVisible();
  await expect(profile.heading).toBeVisible();
  await expect(profile.section("About me")).toContainText("weekend cyclist");
  await expect(page.getByRole("img", { name: "Avatar 🐼" })).toBeVisible();

  // Plans: Free is current; choosing Premium, confirmed, marks Premium.
  await profile.subscriptionTab.click();
  await expect(page).toHaveURL(/\/profile\?tab=subscription$/);
  await expect(profile.plan("Free")).toContainText("Current Plan");
  await expect(profile.plan("Premium")).toContainText("£9.99/month");
  await expect(profile.plan("Elite")).toContainText("Up to 10 matches at once");
  await expect(profile.plan("Elite")).not.toContainText(/unlimited/i);
  await profile.plan("Premium").getByRole("button", { name: "Choose Premium" }).click();
  await page
    .getByRole("alertdialog", { name: "Switch to Premium?" })
    .getByRole("button", { name: "Switch to Premium" })
    .click();
  await expect(shell.toast("You're on Premium now")).toBeVisible();
  await expect(page).toHaveURL(/\/profile\?tab=subscription$/);
  await expect(profile.plan("Premium")).toContainText("Current Plan");
  await expect(profile.plan("Free").getByRole("button", { name: "Choose Free" })).toBeEnabled();
  await expect(page.getByText("Premium plan")).toBeVisible();
});
