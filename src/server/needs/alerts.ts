import { eq } from 'drizzle-orm';
import { NEED_ALERT_EMAIL_UNCONFIRMED, type NeedAlert, type NeedAlertInput } from '../../shared/contracts/need-alerts';
import { placeOfZip, zipPlace } from '../churches';
import { needAlert } from '../db/schema';
import type { AppDeps } from '../deps';
import type { SessionUser } from '../http/session';
import { AppError } from '../http/errors';

// "Tell me about needs near me" (issue 26, decision 039): one alert per member, a ZIP code and a radius. The
// ZIP code is placed once, when saved (its centroid is what the routing job measures from); an unknown one is
// refused with the field named.

type Deps = Pick<AppDeps, 'database' | 'clock'>;

function toAlert(row: { zip: string; radiusMiles: number } | undefined): NeedAlert {
  if (!row) return { alert: null };
  const place = zipPlace(row.zip);
  return { alert: { zip: row.zip, city: place?.city ?? '', state: place?.state ?? '', radiusMiles: row.radiusMiles } };
}

export async function readNeedAlert(deps: Deps, { who }: { who: SessionUser }): Promise<NeedAlert> {
  const [row] = await deps.database.db.select().from(needAlert).where(eq(needAlert.uid, who.id));
  return toAlert(row);
}

/** Saves the member's alert, replacing the one before. An unconfirmed address is told to confirm first. */
export async function saveNeedAlert(deps: Deps, { who, input }: { who: SessionUser; input: NeedAlertInput }): Promise<NeedAlert> {
  if (!who.emailVerified) throw new AppError('EMAIL_UNVERIFIED', NEED_ALERT_EMAIL_UNCONFIRMED);
  const place = placeOfZip(input.zip, undefined, 'zip');
  const values = { zip: place.zip, latitude: place.latitude, longitude: place.longitude, radiusMiles: input.radiusMiles };
  await deps.database.db
    .insert(needAlert)
    .values({ uid: who.id, ...values, createdAt: deps.clock.now() })
    .onConflictDoUpdate({ target: needAlert.uid, set: values });
  return toAlert(values);
}

/** Removes the member's alert (none: nothing to do). */
export async function removeNeedAlert(deps: Deps, { who }: { who: SessionUser }): Promise<NeedAlert> {
  await deps.database.db.delete(needAlert).where(eq(needAlert.uid, who.id));
  return { alert: null };
}
