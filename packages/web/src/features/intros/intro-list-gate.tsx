import type { ReactNode } from 'react';
import type { IntrosResponse } from '@flightline/domain/api/types';
import { Loading, LoadError, Page } from '../../components/page-state.tsx';
import { clubToday } from '../../lib/club-dates.ts';
import { useIntros } from '../../lib/api/intros.ts';
import { IntroGate } from './intro-gate.tsx';

interface IntroList {
  club: string;
  data: IntrosResponse;
  /** Today in the club's zone: what is expired. */
  today: string;
}

/**
 * The refund and cancel pages: IntroGate's check, then the club's intros; the page's title stays over the wait or
 * the failure.
 */
export function IntroListGate({ title, children }: { title: string; children: (list: IntroList) => ReactNode }) {
  return (
    <IntroGate title={title}>
      {({ club, timeZone }) => <IntrosLoaded title={title} club={club} timeZone={timeZone} render={children} />}
    </IntroGate>
  );
}

function IntrosLoaded({
  title,
  club,
  timeZone,
  render,
}: {
  title: string;
  club: string;
  timeZone: string;
  render: (list: IntroList) => ReactNode;
}) {
  const intros = useIntros(club);
  if (intros.isPending)
    return (
      <Page title={title}>
        <Loading />
      </Page>
    );
  if (intros.isError)
    return (
      <Page title={title}>
        <LoadError error={intros.error} prefix="Could not load intros." />
      </Page>
    );
  return render({ club, data: intros.data, today: clubToday(timeZone) });
}
