import { toast } from "@/components/ui/use-toast";
import { errorDetail } from "@/lib/api";
import { useGenerateMatchesMutation } from "@/lib/matches";

/** 'Find New Matches' with the three toasts of SPEC §8 "Find matches". */
export function useFindMatches() {
  return useGenerateMatchesMutation({
    onSuccess: ({ newMatches }) => {
      const n = newMatches.length;
      if (n === 0) {
        toast({
          title: "No New Matches",
          description: "Our system is searching for your perfect match. Check back soon!",
        });
        return;
      }
      toast({ title: "New Matches Found!", description: `Found ${n} new match(es) for you.` });
    },
    // The server's reason when it gave one (an incomplete profile, the hourly limit), else SPEC's text.
    onError: (error) =>
      toast({
        title: "Error Finding Matches",
        description: errorDetail(error, "There was an issue finding new matches. Please try again later."),
        variant: "destructive",
      }),
  });
}
