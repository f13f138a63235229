import { useEmporiumMutation, type EmporiumClient, type QueryKeys } from '@emporium/react'

/**
 * Deletes a record and refreshes only its lists. The library's delete hooks also refresh the
 * record itself, which, while its page is still on screen, asks the server for a record that is
 * gone (a 404 per delete); the page leaves instead.
 */
export function useDeleteRecord(
  keys: QueryKeys<string>,
  id: string,
  remove: (client: EmporiumClient, id: string) => Promise<unknown>,
) {
  return useEmporiumMutation(
    (client) => remove(client, id),
    () => [keys.lists()],
  )
}
