import useSWR from 'swr';
import type { ActivityResponse } from '@schemas/api/activity';
import { api } from '@/shared/api';
import type { Payload } from '@/shared/api/payload';

/** The key of a project's activity in the caller's time zone. */
export const activityKey = (projectId: string, utcOffset: number) => ['activity', projectId, utcOffset] as const;

/** GET /barcode/activity. */
export const fetchActivity = ([, projectId, utcOffset]: ReturnType<typeof activityKey>) =>
  api.get<Payload<typeof ActivityResponse>>('/barcode/activity', { projectId, utcOffset });

/** The project's last 30 days: steps per day per trackpoint and the key actions. */
export function useActivity(projectId: string, utcOffset: number) {
  return useSWR(activityKey(projectId, utcOffset), fetchActivity, { shouldRetryOnError: false });
}
