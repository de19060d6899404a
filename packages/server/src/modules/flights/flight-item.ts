import type { ItemHandler } from '../item-handler.ts';
import { requestFlight } from './request-service.ts';

/** update-item FLIGHT: a flight request from the crew page (action Create), for every active member. */
export const flightItemHandler: ItemHandler<'member'> = {
  access: 'member',
  update: (db, input) => requestFlight(db, input.ctx, { club: input.club, id: input.id, date: input.date, data: input.data }),
};
