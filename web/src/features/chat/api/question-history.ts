import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QuestionHistory } from '#common/contracts/personalization.ts';
import { apiGet, apiPost, apiRequest } from '../../../lib/api-client.ts';

/** Spec §7 track-question: sent after each answer; the server keeps it only for a signed-in person who allows it. */
export const trackQuestion = (input: { question: string; context?: string; reference?: string; aiResponse?: string }) => {
  return apiPost('/api/personalization/track-question', input).catch(() => {
    // Spec §8: a failed tracking is silent.
  });
};

const historyQuery = queryOptions({
  queryKey: ['personalization', 'questions'],
  queryFn: () => apiGet<QuestionHistory>('/api/personalization/questions?limit=5'),
});

/** The person's question history: whether it is kept, how many, and turning it off (which deletes it) or clearing it. */
export function useQuestionHistory() {
  const queryClient = useQueryClient();
  const history = useQuery(historyQuery);
  const refresh = () => queryClient.invalidateQueries({ queryKey: historyQuery.queryKey });
  // The server answers a choice with the history as it now is: shown at once, with no stale moment between.
  const choose = useMutation({
    mutationFn: (keep: boolean) => apiRequest<QuestionHistory>('PUT', '/api/personalization/questions/keep', { keep }),
    onSuccess: (now) => queryClient.setQueryData(historyQuery.queryKey, now),
    onError: refresh,
  });
  const clear = useMutation({ mutationFn: () => apiRequest('DELETE', '/api/personalization/questions'), onSettled: refresh });
  return { history: history.data, choose, clear };
}
