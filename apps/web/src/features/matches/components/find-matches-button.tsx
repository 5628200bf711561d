import { Search, Sparkles } from "lucide-react";
import { Button, type ButtonProps } from "@/components/ui/button";
import { useFindMatches } from "../hooks/use-find-matches";

/** POST /api/generate-matches; reads 'Limit Reached' (and is disabled) once the plan's matches are full. */
export function FindMatchesButton({ full, ...props }: { full: boolean } & Omit<ButtonProps, "onClick">) {
  const mutation = useFindMatches();
  return (
    <Button
      variant="gradient"
      disabled={full || mutation.isPending}
      onClick={() => mutation.mutate()}
      {...props}
    >
      {full ? <Sparkles aria-hidden /> : <Search aria-hidden />}
      {full ? "Limit Reached" : mutation.isPending ? "Finding Matches..." : "Find New Matches"}
    </Button>
  );
}
