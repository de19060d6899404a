import { z } from 'zod';
import { towEventSchema } from '../schemas/flights.ts';
import { defineCall } from './define-call.ts';
import { clubQuery } from './params.ts';
import { doneFields } from './shapes.ts';

/** The tug page's calls (docs/flight-line.md, "The tug page"). */

export const tugStatusAnswer = z.object({
  id: z.string(),
  aircraftType: z.string(),
  status: z.enum(['Ready', 'Not ready']),
  lastHobbs: z.number().nullable(),
  lastOilHobbs: z.number().nullable(),
  lastFuelHobbs: z.number().nullable(),
  lastPilotHobbs: z.number().nullable(),
  /** The checked-in pilot's user id, '' when none. */
  currentPilot: z.string(),
  pilotName: z.string(),
});

export const getTugs = defineCall({
  method: 'GET',
  path: '/api/get-tugs',
  summary:
    'The tug page: every tug with its last Hobbs, oil, fuel and pilot ' +
    "readings and checked-in pilot, and the club's active tow pilots",
  access: 'member',
  query: clubQuery,
  answer: z.object({
    tugs: z.array(tugStatusAnswer),
    /** The club's active tow pilots, the check-in choices, sorted by full name. */
    towPilots: z.array(z.object({ userID: z.string(), first: z.string(), last: z.string() })),
  }),
});

export const createTow = defineCall({
  method: 'POST',
  path: '/api/create-tow/',
  summary:
    'Log a tug event: pilot check in or check out, refuel or oil change, with the Hobbs reading (any active member)',
  access: 'member',
  body: towEventSchema,
  answer: z.object({ ...doneFields, tug: tugStatusAnswer }),
});
