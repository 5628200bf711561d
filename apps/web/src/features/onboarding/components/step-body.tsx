import { CHOICE_STEPS } from "../steps";
import { AgeRangeStep } from "./steps/age-range-step";
import { AvatarStep } from "./steps/avatar-step";
import { BioStep } from "./steps/bio-step";
import { CallTimesStep } from "./steps/call-times-step";
import { ChoiceStep } from "./steps/choice-step";
import { CityStep } from "./steps/city-step";
import { DateOfBirthStep } from "./steps/date-of-birth-step";
import { ProfileCompleteStep } from "./steps/profile-complete-step";
import { UsernameStep } from "./steps/username-step";
import { WelcomeStep } from "./steps/welcome-step";

interface StepBodyProps {
  step: number;
  invalid: boolean;
  onAdvance: () => void;
}

/** The controls of one step (SPEC §2 order). */
export function StepBody({ step, invalid, onAdvance }: StepBodyProps) {
  const choice = CHOICE_STEPS[step];
  if (choice) return <ChoiceStep {...choice} />;
  switch (step) {
    case 1:
      return <WelcomeStep />;
    case 2:
      return <UsernameStep invalid={invalid} />;
    case 3:
      return <DateOfBirthStep />;
    case 4:
      return <AvatarStep onChosen={onAdvance} />;
    case 7:
      return <AgeRangeStep />;
    case 8:
      return <CityStep />;
    case 9:
      return <BioStep invalid={invalid} />;
    case 17:
      return <CallTimesStep />;
    case 18:
      return <ProfileCompleteStep />;
    default:
      return null;
  }
}
