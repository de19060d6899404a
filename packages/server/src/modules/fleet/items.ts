import type { Kysely } from 'kysely';
import type { UpdateItemAnswer } from '@flightline/domain/api/types';
import type { DB } from '../../db/schema.ts';
import { assertSameClub, type MemberContext } from '../../http/context.ts';
import type { ItemHandler } from '../item-handler.ts';
import { saveBlockRule, saveGlider, saveIntroLaunch, saveLaunch, saveTug } from './service.ts';

type Save = (db: Kysely<DB>, ctx: MemberContext, input: { id: string; data: unknown }) => Promise<UpdateItemAnswer>;

/** A club item of update-item: active members only, in their active club; the save checks the rights. */
function clubItem(save: Save): ItemHandler<'member'> {
  return {
    access: 'member',
    async update(db, input) {
      assertSameClub(input.ctx, input.club);
      return save(db, input.ctx, input);
    },
  };
}

export const gliderItemHandler = clubItem(saveGlider);
export const tugItemHandler = clubItem(saveTug);
export const launchItemHandler = clubItem(saveLaunch);
export const introLaunchItemHandler = clubItem(saveIntroLaunch);
export const blockItemHandler = clubItem(saveBlockRule);
