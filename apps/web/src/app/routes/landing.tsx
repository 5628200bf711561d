import { PRODUCT_NAME } from "@kindred/shared/constants";
import { AboutSection } from "@/features/landing/components/about-section";
import { ClosingCta } from "@/features/landing/components/closing-cta";
import { FeaturesSection } from "@/features/landing/components/features-section";
import { Hero } from "@/features/landing/components/hero";
import { HowItWorks } from "@/features/landing/components/how-it-works";

export function LandingPage() {
  return (
    <>
      <title>{`${PRODUCT_NAME} · Find Your Kindred Spirit Through Conversation`}</title>
      <Hero />
      <HowItWorks />
      <FeaturesSection />
      <AboutSection />
      <ClosingCta />
    </>
  );
}
