import type { CrewPageData, GliderItem, IntroItem } from '@flightline/domain/api/types';
import { clubInfo, clubSettings } from '@flightline/domain/fixtures/club';
import { introItem } from '@flightline/domain/fixtures/intro';

/** Crew page data for the unit tests: the demo club's shape, with a few pilots, gliders and intros. */

export const ME = 'u-mary';

function glider(id: string, places: number, weight: number, launchSpeed: number): GliderItem {
  return {
    id,
    places,
    weight,
    rateCentsPerMinute: 60,
    launchSpeed,
    status: 'Ready',
    blocks: [],
    taxStatus: 'exclusive',
    taxRates: ['HST'],
    aircraftType: '',
    maintenanceDate: null,
  };
}

export function intro(SN: string, fields: Partial<IntroItem> = {}): IntroItem {
  return introItem(SN, {
    id: `00000000-0000-4000-8000-${SN.padStart(12, '0')}`,
    buyerEmail: 'bea@example.org',
    ...fields,
  });
}

/** A pilot above both levels, on no flight. */
const standing = { belowMinimum: false, belowWarning: false, onLineIn: null };

export function crewData(change: Partial<CrewPageData> = {}): CrewPageData {
  const readyGliders = {
    'C-GDSA': glider('C-GDSA', 2, 390, 60),
    'C-GDSB': glider('C-GDSB', 2, 360, 55),
    'C-FDSC': glider('C-FDSC', 1, 250, 55),
  };
  return {
    pilot: {
      pilotID: ME,
      first: 'Mary',
      last: 'Member',
      weight: 70,
      groundOnly: false,
      isInstructor: false,
      ...standing,
      balanceCents: 10_000,
    },
    pilots: [
      {
        pilotID: ME,
        first: 'Mary',
        last: 'Member',
        weight: 70,
        groundOnly: false,
        isInstructor: false,
        ...standing,
        balanceCents: 10_000,
      },
      {
        pilotID: 'u-alex',
        first: 'Alex',
        last: 'Admin',
        weight: 80,
        groundOnly: false,
        isInstructor: true,
        ...standing,
      },
      {
        pilotID: 'u-gary',
        first: 'Gary',
        last: 'Ground',
        weight: 0,
        groundOnly: true,
        isInstructor: false,
        ...standing,
      },
      {
        pilotID: 'u-irene',
        first: 'Irene',
        last: 'Instructor',
        weight: 65,
        groundOnly: false,
        isInstructor: true,
        ...standing,
      },
      {
        pilotID: 'u-tom',
        first: 'Tom',
        last: 'Towpilot',
        weight: 90,
        groundOnly: false,
        isInstructor: false,
        ...standing,
      },
    ],
    launches: [
      {
        id: '2000 ft',
        kind: 'fixed',
        priceCents: 4000,
        height: 2000,
        heightRanges: [],
        taxStatus: 'exclusive',
        taxRates: ['HST'],
        isActive: true,
      },
      {
        id: 'Variable',
        kind: 'variable',
        priceCents: 0,
        height: null,
        heightRanges: [],
        taxStatus: 'exclusive',
        taxRates: ['HST'],
        isActive: true,
      },
    ],
    introLaunches: [
      {
        id: 'Intro flight',
        launch: '2000 ft',
        priceCents: 15_000,
        taxStatus: 'inclusive',
        taxRates: ['HST'],
        isActive: true,
      },
      {
        id: 'Intro soaring flight',
        launch: 'Variable',
        priceCents: 22_500,
        taxStatus: 'inclusive',
        taxRates: ['HST'],
        isActive: true,
      },
    ],
    intros: [
      intro('ABC123', { recipientFirst: 'Ivy', recipientLast: 'Intro', note: 'Birthday gift' }),
      intro('OLD001', { staleDate: '2026-06-01', date: '' }),
    ],
    clubInfo: clubInfo(
      clubSettings('Demo Soaring Club', {
        shortName: 'DSC',
        taxRates: { HST: 0.13 },
        warningLevelCents: 5000,
        paymentMethods: ['Cash', 'Cheque'],
      }),
    ),
    readyGliders,
    unusedGliders: ['C-FDSC', 'C-GDSA', 'C-GDSB'],
    unusedMultiSeatGliders: ['C-GDSA', 'C-GDSB'],
    flyingGliders: ['C-GXXX'],
    recentGliders: ['C-FDSC', 'C-GDSB'],
    recentMultiSeatGliders: ['C-GDSB'],
    ...change,
  };
}
