/**
 * A success toast with an Undo button (sonner's action), for the watchlist's changes. Only code fetched on demand
 * (the follow actions, the watchlist page) imports it, so the shell's toaster stays as small as it is. It stays
 * 6 s rather than the site's 3 s: time to read it and reach the button.
 */
export async function toastWithUndo(
  message: string,
  undo: { label: string; onClick: () => void },
): Promise<void> {
  const { toast } = await import('sonner')
  toast.success(message, { duration: 6000, action: undo })
}
