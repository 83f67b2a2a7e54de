import { lazy, Suspense } from 'react';
import { photoRequestStore } from '@/shared/ui/photo-requests';
import { useStore } from '@/shared/ui/store';

const PhotoDialog = lazy(() => import('@/features/scanning/components/photo-dialog').then((m) => ({ default: m.PhotoDialog })));

/** Draws the photo dialog while a photo-only files field waits for a picture. */
export function PhotoHost() {
  const request = useStore(photoRequestStore);
  if (!request) return null;
  return (
    <Suspense fallback={null}>
      <PhotoDialog onDone={(photo) => {
        photoRequestStore.set(null);
        request.resolve(photo);
      }} />
    </Suspense>
  );
}
