import { z } from 'zod';
import { defineCall, type AnswerOf } from './define-call.ts';
import { clubQuery } from './params.ts';
import { flownAnswer } from './shapes.ts';

/** A logbook's totals (domain logbook.ts): flights and flown minutes, by role, and launches by type. */
const logbookTotalsAnswer = z.object({
  ...flownAnswer.shape,
  byRole: z.object({ P1: flownAnswer, P2: flownAnswer, Instructor: flownAnswer }),
  launches: z.array(z.object({ launchType: z.string(), count: z.number() })),
});

export const getLogbookTotals = defineCall({
  method: 'GET',
  path: '/api/get-logbook-totals',
  summary:
    "The caller's logbook totals over all time in their active club: flights, " +
    'hours, by role (P1, P2, instructor) and launches by type',
  access: 'member',
  query: clubQuery,
  answer: z.object({ allTime: logbookTotalsAnswer }),
});

/** GET /api/get-logbook-totals. */
export type LogbookTotalsAnswer = AnswerOf<typeof getLogbookTotals>;
