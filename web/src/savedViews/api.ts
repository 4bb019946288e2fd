import type { SavedView, SavedViewList, SavedViewRole } from '@app/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api/client.ts';

export const FETCH_SAVED_VIEWS_FALLBACK = 'Unable to load your saved views';
export const SAVE_VIEW_FALLBACK = 'Unable to save this view';
export const DELETE_VIEW_FALLBACK = 'Unable to delete this view';
export const RENAME_VIEW_FALLBACK = 'Unable to rename this view';

export const savedViewsKey = (role: SavedViewRole) => ['saved-views', role] as const;

/** GET /<role>/saved-views: the signed-in user's saved views, by name. */
export function useSavedViews(role: SavedViewRole) {
  return useQuery({
    queryKey: savedViewsKey(role),
    queryFn: ({ signal }) => apiRequest<SavedViewList>(`/${role}/saved-views`, { fallback: FETCH_SAVED_VIEWS_FALLBACK, signal }),
    select: (answer) => answer.views,
  });
}

/** POST /<role>/saved-views: saves the view under its name (a view of that name is replaced); the list is read again. */
export function useSaveView(role: SavedViewRole) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (view: { name: string; query: string }) =>
      apiRequest<{ view: SavedView; replaced: boolean }>(`/${role}/saved-views`, { method: 'POST', body: view, fallback: SAVE_VIEW_FALLBACK }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedViewsKey(role) }),
  });
}

/** DELETE /<role>/saved-views/{id}; the list is read again. */
export function useDeleteView(role: SavedViewRole) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>(`/${role}/saved-views/${encodeURIComponent(id)}`, { method: 'DELETE', fallback: DELETE_VIEW_FALLBACK }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedViewsKey(role) }),
  });
}

/** PATCH /<role>/saved-views/{id}: a new name for a view, its settings kept; the list is read again. */
export function useRenameView(role: SavedViewRole) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      apiRequest<SavedView>(`/${role}/saved-views/${encodeURIComponent(id)}`, { method: 'PATCH', body: { name }, fallback: RENAME_VIEW_FALLBACK }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedViewsKey(role) }),
  });
}
