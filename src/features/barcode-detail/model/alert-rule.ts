/** The fields of a notification that decide whether it is shown. */
export interface AlertTiming {
  displayedDateTime: string;
  mobileAlertDurationByMinutes: number | null;
}

/**
 * An alert shows while the current time is after its displayed time; with
 * mobileAlertDurationByMinutes set, only until that many minutes have passed since then.
 */
export function isAlertShown(alert: AlertTiming, now: Date): boolean {
  const shownFrom = Date.parse(alert.displayedDateTime);
  if (Number.isNaN(shownFrom) || now.getTime() < shownFrom) return false;
  const minutes = alert.mobileAlertDurationByMinutes;
  return minutes === null || minutes === undefined || now.getTime() < shownFrom + minutes * 60_000;
}
